// Binary colour operators for a batch's colour program (engine/core/color_ops.h holds the same
// formulas and the list; the numbers are ColorOp's order). Included by sprite.frag and
// strip.frag: #include lines are expanded by the renderer's shader loader.

float opBlendAlpha(float ba, float fa) { return fa + (1.0 - fa) * ba; }
vec4 opBasic(vec4 b, vec4 f, vec3 r) {
  return vec4(f.a * b.a * r + f.a * (1.0 - b.a) * f.rgb + (1.0 - f.a) * b.a * b.rgb,
              opBlendAlpha(b.a, f.a));
}
vec3 opSel(bvec3 c, vec3 a, vec3 b) { return mix(b, a, vec3(c)); }  // c ? a : b per channel
vec3 opDivide(vec3 t1, vec3 t2) {  // x / 0 = x > 0 ? 1 : 0
  bvec3 zero = lessThanEqual(t2, vec3(0.0));
  return opSel(zero, vec3(greaterThan(t1, vec3(0.0))), t1 / opSel(zero, vec3(1.0), t2));
}
float opValue(vec3 c) { return max(max(c.r, c.g), c.b); }
float opSaturation(vec3 c) {
  float mx = opValue(c);
  return mx < 1e-10 ? 0.0 : 1.0 - min(min(c.r, c.g), c.b) / mx;
}
float opHue(vec3 c) {
  float mx = opValue(c), delta = mx - min(min(c.r, c.g), c.b);
  if (delta < 1e-10) return 0.0;
  if (mx == c.r) return fract(1.0 + (c.g - c.b) / (6.0 * delta));
  if (mx == c.g) return 1.0 / 3.0 + (c.b - c.r) / (6.0 * delta);
  return 2.0 / 3.0 + (c.r - c.g) / (6.0 * delta);
}
vec3 opHsvToRgb(float h, float s, float v) {
  vec3 p = abs(fract(vec3(h) + vec3(1.0, 2.0 / 3.0, 1.0 / 3.0)) * 6.0 - vec3(3.0));
  return v * mix(vec3(1.0), clamp(p - vec3(1.0), 0.0, 1.0), s);
}
vec3 opDodge(vec3 b, vec3 f) {
  bvec3 one = equal(f, vec3(1.0));
  return opSel(one, ceil(b), clamp(b / opSel(one, vec3(1.0), 1.0 - f), 0.0, 1.0));
}

vec4 colorOp(int op, vec4 b, vec4 f) {
  vec3 bc = b.rgb, fc = f.rgb;
  if (op == 0) return opBasic(b, f, fc + bc);                                     // add
  if (op == 1) return opBasic(b, f, (fc + bc) * 0.5);                             // average
  if (op == 2) return vec4(opSaturation(fc) == 0.0 ? vec3(opValue(bc))            // color
      : opHsvToRgb(opHue(fc), opSaturation(fc), opValue(bc)), opBlendAlpha(b.a, f.a));
  if (op == 3) return vec4(1.0 - opDivide(1.0 - bc, fc), 1.0);                    // color burn
  if (op == 4) return opBasic(b, f, opDodge(bc, fc));                             // color dodge
  if (op == 5 || op == 15) {                                                       // darken, lighten
    vec3 x = mix(b.a * bc, fc, f.a), y = mix(f.a * fc, bc, b.a);
    return vec4(op == 5 ? min(x, y) : max(x, y), opBlendAlpha(b.a, f.a));
  }
  if (op == 6) return vec4(bc * (1.0 - fc * f.a), b.a);                            // desaturate
  if (op == 7) return opBasic(b, f, abs(fc - bc));                                // difference
  if (op == 8) return vec4(opDivide(bc, fc), opBlendAlpha(b.a, f.a));              // divide
  if (op == 9) return opBasic(b, f, fc + bc - 2.0 * fc * bc);                      // exclusion
  if (op == 10) return opBasic(b, f, opSel(greaterThanEqual(fc, vec3(0.5)),        // hard light
      1.0 - 2.0 * (1.0 - fc) * (1.0 - bc), 2.0 * fc * bc));
  if (op == 11) return opBasic(b, f, vec3(greaterThan(bc.rbg + fc, vec3(1.0))));  // hard mix
  if (op == 12) return vec4(opSaturation(fc) == 0.0 ? vec3(opValue(bc))           // hue
      : opHsvToRgb(opHue(fc), opSaturation(bc), opValue(bc)), opBlendAlpha(b.a, f.a));
  if (op == 13) return vec4(bc * (2.0 * fc * f.a + 1.0 - f.a), b.a);               // illuminate
  if (op == 14) return b * f.a;                                                    // in
  if (op == 16) return opBasic(b, f, opSel(greaterThanEqual(fc.rbg + bc, vec3(1.0)),  // linear burn
                                           vec3(0.0), fc + bc - 1.0));
  if (op == 17) return opBasic(b, f, clamp(fc + bc, 0.0, 1.0));                   // linear dodge
  if (op == 18) return vec4(bc, b.a * (f.r + f.g + f.b) / 3.0);                   // mask
  if (op == 19) return b * f;                                                      // multiply
  if (op == 20) return b * (1.0 - f.a);                                            // out
  if (op == 21) return opBasic(b, f, fc);                                          // over
  if (op == 22) return opBasic(b, f, opSel(lessThanEqual(bc, vec3(0.5)),           // overlay
      1.0 - 2.0 * (1.0 - fc) * (1.0 - bc), 2.0 * fc * bc));
  if (op == 23) return opBasic(b, f, opSel(lessThanEqual(fc, vec3(0.5)),           // pin light
      min(bc, 2.0 * fc), max(bc, 2.0 * fc - 1.0)));
  if (op == 24) return vec4(bc * (1.0 + fc * f.a), b.a);                           // saturate
  if (op == 25) return vec4(opSaturation(bc) == 0.0 ? vec3(opValue(bc))           // saturation
      : opHsvToRgb(opHue(bc), opSaturation(fc), opValue(bc)), opBlendAlpha(b.a, f.a));
  if (op == 26) return vec4(fc * f.a * (1.0 - bc * b.a) + bc * b.a, opBlendAlpha(b.a, f.a));  // screen
  if (op == 27) {                                                                  // soft light
    float r1 = bc.r * (1.0 + (1.0 - bc.r) * (2.0 * bc.r - 1.0));
    float r2 = bc.r * (bc.r * (9.0 - 18.0 * fc.r) + 5.76 * fc.r - 1.88);
    float r3 = bc.r + (sqrt(max(bc.r, 0.0)) - bc.r) * (2.0 * fc.r - 1.0);
    float inner = bc.r >= 9.0 / 64.0 ? r3 : r2;
    return opBasic(b, f, vec3(fc.r >= 0.5 ? inner : r1));
  }
  if (op == 28) return b - f;                                                      // subtract
  if (op == 29) return vec4(bc, f.a);                                              // substitute alpha
  return vec4(greaterThan(b, f));                                                  // threshold
}

// A batch's colour program (ColorProgram): up to 12 steps over the texture sample; each step's
// x = operator, y = operand (0 the constant, 1 the vertex colour, 2 the program's second map at
// uv x uColorTexture2Transform.xy + .zw, 3 the starting sample, 4 the colour set aside last),
// z = 1 when the operand is the back (left) one, w = action (0 apply, 1 load, 2 push: set the
// colour aside, up to 4 deep, then load).
uniform int uColorStepCount;
uniform ivec4 uColorStep[12];
uniform vec4 uColorConstant[12];
uniform sampler2D uColorTexture2;  // white when the program has no second map
uniform vec4 uColorTexture2Transform;

// sRGB-encoded colour to linear light (the sRGB transfer curve), for batches drawn in linear
// light (uSrgbTextures, declared by the including shader): their maps hold sRGB colours.
vec3 srgbDecode(vec3 c) {
  c = max(c, vec3(0.0));
  return mix(c / 12.92, pow((c + 0.055) / 1.055, vec3(2.4)), step(vec3(0.04045), c));
}

vec4 mapSample(sampler2D map, vec2 uv) {
  vec4 t = texture(map, uv);
  if (uSrgbTextures) t.rgb = srgbDecode(t.rgb);
  return t;
}

vec4 runColorProgram(vec4 c, vec4 vertexColor, vec2 uv) {
  vec4 sample0 = c;
  vec4 saved[4] = vec4[4](vec4(0.0), vec4(0.0), vec4(0.0), vec4(0.0));  // read as 0 when empty
  int depth = 0;
  for (int i = 0; i < 12; ++i) {
    if (i >= uColorStepCount) break;
    ivec4 s = uColorStep[i];
    // The second map is sampled only by the steps that read it (s.y is uniform: no divergence).
    vec4 o = s.y == 1   ? vertexColor
             : s.y == 2 ? mapSample(uColorTexture2, uv * uColorTexture2Transform.xy +
                                                        uColorTexture2Transform.zw)
             : s.y == 3 ? sample0
                        : uColorConstant[i];
    if (s.y == 4) {
      depth = max(depth - 1, 0);
      o = saved[depth];
    }
    if (s.w == 2) {
      if (depth < 4) saved[depth] = c;
      depth = min(depth + 1, 4);
    }
    if (s.w != 0) {
      c = o;
    } else {
      c = s.z == 1 ? colorOp(s.x, o, c) : colorOp(s.x, c, o);
    }
  }
  return c;
}
