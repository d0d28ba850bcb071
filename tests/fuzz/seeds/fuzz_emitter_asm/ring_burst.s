; Ring burst: initial_particle_count particles on a ring (YZ plane of the emitter) flying outward
; from the origin, slowed by air_friction; hot white to orange to transparent red.
.const 1 0.95 0.8 1          ; c0 base colour
.const 0 -0.1 -0.5 0         ; c1 red weights of stops 0-3    (gradient4: base + sum weight * ramp)
.const 0 -0.45 -0.35 0       ; c2 green weights
.const 0 -0.65 -0.15 0       ; c3 blue weights
.const 0 0 -0.3 -0.7         ; c4 alpha weights
.const 0 0.1 0.4 0.7         ; c5 stop thresholds
.const 0.1 0 0 0             ; c6 size at age 0
.const 0.35 0 0 0            ; c7 size at age 1

.stage 3
  load 2 0 xyzw
  store 1 0 xyz
  load 2 1 xyzw
  store 1 1 xyz
  end

.stage 4
  load 1 2 xxxx              ; age
  gradient4_const 0          ; colour ramp over age
  store 0 0 xyzw
  load 1 2 xxxx
  lerp_const 6
  store 1 3 x_to_z
  end
