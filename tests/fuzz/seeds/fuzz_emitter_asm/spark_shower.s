; Spark shower: sparks leave a sphere surface outward from its centre and fall; oriented along
; their velocity. Brightness(age) is a piecewise cubic (spline4_const) times a warm tint; alpha
; fades out with a smooth step.
.const 0 0 0 0               ; c0 A (cubic coefficients per segment lane)
.const 0 0 0 0               ; c1 B
.const 6 -1.2 -0.889 0       ; c2 C
.const 0 1.2 1.044 0.1       ; c3 D
.const 0 0.2 0.5 0.95        ; c4 segment thresholds: rise, hold, fall, tail
.const 1 0.55 0.15 1         ; c5 tint
.const 1 1 1 1               ; c6 smooth step edge 0 (edges reversed: 1 at age 0.6, 0 at age 1)
.const 0.6 0.6 0.6 0.6       ; c7 edge 1
.const 0.16 0 0 0            ; c8 size (along the velocity; particle_aspect 0.25)

.stage 3
  load 2 0 xyzw
  store 1 0 xyz
  load 2 1 xyzw
  store 1 1 xyz
  push_const 8
  store 1 3 x_to_z           ; particle_size
  end

.stage 4
  load 1 2 xxxx              ; age
  spline4_const 0            ; brightness(age), splat
  push_const 5
  mul                        ; tint * brightness
  push_const 6
  push_const 7
  load 1 2 xxxx
  smooth_step                ; 1 -> 0 as age goes 0.6 -> 1 (edges reversed)
  merge_3_1                  ; rgb from the tint, alpha from the fade
  store 0 0 xyzw
  end
