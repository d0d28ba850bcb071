; Orbit trail: a soft puff from the spawn frame drifting slowly outward; slot 0 is the spawn frame,
; slot 1 the simulation frame. Whether the puffs follow the orbiting object or stay behind as a
; trail depends only on what the scene feeds slot 1 (the object, or world_space).
.const 0.55 1 0.7 0.9        ; c0 colour at age 0
.const 0.1 0.5 1 0           ; c1 colour at age 1
.const 0.07 0 0 0            ; c2 size at age 0
.const 0.2 0 0 0             ; c3 size at age 1

.stage 3
  load 2 0 xyzw
  store 1 0 xyz
  load 2 1 xyzw
  store 1 1 xyz
  end

.stage 4
  load 1 2 xxxx
  lerp_const 0
  store 0 0 xyzw
  load 1 2 xxxx
  lerp_const 2
  store 1 3 x_to_z
  end
