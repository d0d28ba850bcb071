; Grid cells: spawns walk the emitter's grid cells in order (emitter_grid_count per axis) and rise
; slowly; each particle's colour comes from its spawn point, its pulse from its spawn id.
.const 0.35 0.35 0.35 0      ; c0 position -> colour scale
.const 0.5 0.5 0.5 1         ; c1 colour offset (alpha 1)
.const 0.6 0.3 1 1           ; c2 colour mix toward violet (alpha 1)
.const 0.5 0 0 0             ; c3 mix amount
.const 0.09 0 0 0            ; c4 base size
.const 0.5 0 0 0             ; c5 pulse rate (turns per second of age*lifetime)
.const 1 0.6 1 1             ; c6 pulse: size multiplier range lerp endpoints (1 .. 1.6)
.const 1.6 1 1 1             ; c7

.stage 3
  load 2 0 xyzw
  store 1 0 xyz
  load 2 1 xyzw
  store 1 1 xyz
  load 2 0 xyzw              ; colour from the cell position
  push_const 0
  mul
  push_const 1
  add
  push_const 2
  push_const 3
  lerp                       ; toward violet
  saturate
  store 0 0 xyzw             ; particle_color
  end

.stage 4
  load 1 2 xxxx              ; age
  push_const 5
  mul
  load 1 2 zzzz              ; spawn id staggers the phase
  push_const 5
  mul
  add
  sin                        ; -1..1
  abs
  lerp_const 6               ; 1 .. 1.6 (x lane)
  push_const 4
  mul
  store 1 3 x_to_z           ; particle_size
  end
