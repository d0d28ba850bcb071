; Swirl: each particle's position is computed, not integrated: its spawn point on the ring turns
; about the emitter's +X axis (rotate_axis, 0x2C) by turns proportional to age, its radius follows
; a spline curve of age, and it climbs along the axis. Colour from a gradient curve.
.const 1 0 0 0               ; c0 swirl axis (+X), turns go in W
.const 1.25 0 0 0            ; c1 turns per unit age
.const 0 0 0 0               ; c2 spline A      radius scale(age): 0.4 -> 1.6 -> 1.2 -> 0.3
.const 0 0 0 0               ; c3 spline B
.const 4 -1 -3 0             ; c4 spline C
.const 0.4 1.9 3.3 0.3       ; c5 spline D
.const 0 0.3 0.7 1           ; c6 thresholds
.const 2.2 0 0 0             ; c7 climb along the axis (wu per unit age)
.const 0.3 0.6 1 0.2         ; c8 gradient base
.const 0.7 0.2 -0.2 -0.8     ; c9  red weights
.const 0.3 0.1 -0.3 -0.3     ; c10 green weights
.const 0 -0.4 -0.2 -0.2      ; c11 blue weights
.const 0.8 0 0 -1            ; c12 alpha weights
.const 0 0.25 0.5 0.8        ; c13 thresholds
.const 0.12 0 0 0            ; c14 size

.stage 3
  load 2 0 xyzw
  store 0 1 xyzw             ; remember the spawn point (scratch)
  load 2 0 xyzw
  store 1 0 xyz
  push_const 14
  store 1 3 x_to_z
  end

.stage 4
  load 0 1 xyzw              ; spawn point on the ring
  push_const 0               ; axis
  load 1 2 xxxx              ; age
  push_const 1
  mul                        ; turns
  merge_3_1                  ; (axis.xyz, turns)
  rotate_axis                ; point turned about +X
  load 1 2 xxxx
  spline4_const 2            ; radius scale(age)
  mul
  load 1 2 xxxx
  push_const 7
  mul                        ; (climb * age, 0, 0, 0)
  add
  store 1 0 xyz              ; particle_position
  load 1 2 xxxx
  gradient4_const 8
  store 0 0 xyzw
  end
