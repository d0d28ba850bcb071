#version 330 core
// Balloonium lightning (seed 004). Iteration 4 samples an RGB data texture (R bolt 0/1, G glow
// strength, B threshold time), distorts the sample position with smooth value noise along both
// diagonals (per-instance random offset), discards texels whose threshold lies outside
// [t - threshold_offset.x, t + threshold_offset.y] with
//   t = mod(threshold_initial_t + (time - start_time) * threshold_speed, 1),
// and writes vec4(glow_colour + bolt, glow). Iterations 1-3 are the seed's earlier designs.
// The CPU reference (engine/effects/lightning/lightning_shader.cpp) mirrors this file line for
// line; tests compare the two.

in vec2 v_uv;
out vec4 color;
// Set by the renderer: 1 clamps the colour as an 8-bit target would; above 1 keeps the glow's
// HDR colour (while bloom is on).
uniform float uOutputMax;

uniform sampler2D colourTexture;
uniform float mode;  // 1..4: the seed's iteration (a float: uniforms are set as floats)
uniform float time;
uniform float start_time;
uniform float threshold_initial_t;
uniform float threshold_speed;
uniform vec2 threshold_offset;
uniform vec3 glow_colour;
uniform float distortion_strength;
uniform vec2 noise_scale;
uniform vec2 noise_offset;
uniform float distortion_speed;
uniform float bolt_half_width;
uniform float glow_width;
uniform float glow_distortion;
uniform float circle_radius;

// Inigo Quilez's integer lattice hash: exact integer arithmetic, so every GPU and the CPU
// reference agree on the lattice values. 24 bits so the conversion to float is exact.
float hash(uvec2 x) {
  uvec2 q = 1103515245U * ((x >> 1U) ^ (x.yx));
  uint n = 1103515245U * ((q.x) ^ (q.y >> 3U));
  return float(n >> 8U) * (1.0 / 16777215.0);
}

// Value noise (no trigonometric functions), in [-1, 1].
float noise(vec2 p) {
  vec2 i = floor(p);
  vec2 f = p - i;
  vec2 u = f * f * (3.0 - 2.0 * f);
  uvec2 c = uvec2(ivec2(i));
  float a = hash(c);
  float b = hash(c + uvec2(1U, 0U));
  float cc = hash(c + uvec2(0U, 1U));
  float d = hash(c + uvec2(1U, 1U));
  return 2.0 * mix(mix(a, b, u.x), mix(cc, d, u.x), u.y) - 1.0;
}

vec2 noiseCoord(vec2 uv) {
  return uv * noise_scale + noise_offset + vec2(time * distortion_speed);
}

// Iteration 4: the offset is applied along both diagonals.
vec2 getDistortion() {
  vec2 p = noiseCoord(v_uv);
  float n1 = noise(p);
  float n2 = noise(p + vec2(37.0, 17.0));
  return v_uv + distortion_strength * (n1 * vec2(1.0, 1.0) + n2 * vec2(1.0, -1.0));
}

// Iterations 1-3: the offset only along one diagonal.
vec2 getDistortionOneDiagonal(float strength) {
  return v_uv + strength * noise(noiseCoord(v_uv)) * vec2(1.0, 1.0);
}

void iteration1() {
  vec2 uvBolt = getDistortionOneDiagonal(distortion_strength);
  vec2 uvGlow = getDistortionOneDiagonal(distortion_strength * glow_distortion);
  float yb = abs(uvBolt.y - 0.5);
  float yg = abs(uvGlow.y - 0.5);
  float bolt = yb < bolt_half_width ? 1.0 : 0.0;
  float glow = exp(-0.5 * (yg * yg) / (glow_width * glow_width));  // bell curve
  color = vec4(glow_colour + bolt, max(glow, bolt));
}

void iteration2() {
  vec2 d = getDistortionOneDiagonal(distortion_strength);
  float y = abs(d.y - 0.5);
  if (y > glow_width) discard;
  float bolt = y < bolt_half_width ? 1.0 : 0.0;
  float glow = 1.0 - y / glow_width;  // 1 - 10y at glow_width 0.1
  color = vec4(glow_colour + bolt, max(glow, bolt));
}

void iteration3() {
  vec2 d = getDistortionOneDiagonal(distortion_strength) - vec2(0.5);
  float r = sqrt(d.x * d.x + d.y * d.y);
  if (abs(r - circle_radius) > bolt_half_width) discard;
  color = vec4(glow_colour + 1.0, 1.0);
}

void iteration4() {
  vec2 uv = getDistortion();
  // Stay on texel centres at the border so the wrap mode never matters.
  vec2 halfTexel = vec2(0.5) / vec2(textureSize(colourTexture, 0));
  uv = clamp(uv, halfTexel, vec2(1.0) - halfTexel);

  // sample UV
  vec4 sampleUV = texture(colourTexture, uv);
  float bolt = sampleUV.r;
  float glow = sampleUV.g;
  float threshold = sampleUV.b;

  // thresholding
  float t = mod(threshold_initial_t + (time - start_time) * threshold_speed, 1.0);
  if (threshold < t - threshold_offset.x || threshold > t + threshold_offset.y) discard;

  color = vec4(glow_colour + bolt, glow);
}

void main() {
  if (mode < 1.5) {
    iteration1();
  } else if (mode < 2.5) {
    iteration2();
  } else if (mode < 3.5) {
    iteration3();
  } else {
    iteration4();
  }
  color.rgb = clamp(color.rgb, vec3(0.0), vec3(uOutputMax));
}
