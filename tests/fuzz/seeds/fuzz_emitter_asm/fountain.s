; Fountain: a cone of particles about the emitter's +X (the nozzle marker points +X up),
; falling under gravity_strength, fading from white-blue to deep blue and growing.
; Layout shared by the destiny presets:
;   stream 1: v0 particle_position, v1 particle_velocity, v2 (age, emit time, spawn id, random),
;             v3 (angular velocity, angular position, particle_size, camera distance)
;   stream 0: v0 particle_color, v1 scratch
;   group 2:  v0 initial_particle_position, v1 initial_particle_velocity
.const 0.75 0.9 1 0.9        ; c0 colour at age 0
.const 0.15 0.35 1 0         ; c1 colour at age 1
.const 0.08 0 0 0            ; c2 size at age 0
.const 0.22 0 0 0            ; c3 size at age 1

.stage 3
  load 2 0 xyzw              ; initial_particle_position
  store 1 0 xyz              ; -> particle_position
  load 2 1 xyzw              ; initial_particle_velocity
  store 1 1 xyz              ; -> particle_velocity
  end

.stage 4
  load 1 2 xxxx              ; particle_age
  lerp_const 0               ; c0 + age (c1 - c0)
  store 0 0 xyzw             ; particle_color
  load 1 2 xxxx
  lerp_const 2               ; size over age
  store 1 3 x_to_z           ; particle_size
  end
