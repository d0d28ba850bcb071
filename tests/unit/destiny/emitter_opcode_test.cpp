// One test per opcode against hand-computed values (seed "Emitter programs": "Opcodes 0x01 to
// 0x3B run the same math as TFX"; the emitter's own opcodes from the seed's table; operand orders
// chosen where the TFX sources disagree, reference destiny_tfx_and_stride_notes.md §1.3).
#include <cmath>

#include "engine/core/rng.h"
#include "tests/unit/destiny/vm_harness.h"

namespace fx::destiny::test {
namespace {

const char* kAB = ".const 1 2 3 4\n.const 10 20 30 40";
const char* kPushAB = "push_const 0\npush_const 1\n";

vec4 binary(const std::string& op) {
  Harness h;
  return h.top(kAB, std::string(kPushAB) + op);
}

vec4 unaryOf(vec4 x, const std::string& op) {
  Harness h;
  char buf[160];
  std::snprintf(buf, sizeof buf, ".const %.9g %.9g %.9g %.9g", x.x, x.y, x.z, x.w);
  return h.top(buf, "push_const 0\n" + op);
}

TEST(EmitterOpcodes, TableIsTheSingleSourceOfSizes) {
  // "Byte 0x00, byte 0x3C and bytes above 0x52 end the stage."
  EXPECT_TRUE(endsStage(0x00));
  EXPECT_TRUE(endsStage(0x3C));
  for (int b = 0x53; b < 256; ++b) EXPECT_TRUE(endsStage(uint8_t(b))) << b;
  for (int b = 0x01; b <= 0x52; ++b)
    if (b != 0x3C) {
      EXPECT_FALSE(endsStage(uint8_t(b))) << b;
    }
  // "0x3E g s c, 0x3F g s c"
  EXPECT_EQ(immBytes(opInfo(0x3E).imm), 3);
  EXPECT_EQ(immBytes(opInfo(0x3F).imm), 3);
  EXPECT_EQ(immBytes(opInfo(0x47).imm), 4);
  EXPECT_EQ(opcodeByName("rotate_axis"), uint8_t(0x2C));
}

TEST(EmitterOpcodes, Add01) {
  expectVec(binary("add"), {11, 22, 33, 44});
}
TEST(EmitterOpcodes, Sub02) {
  expectVec(binary("sub"), {-9, -18, -27, -36});
}
TEST(EmitterOpcodes, Mul03) {
  expectVec(binary("mul"), {10, 40, 90, 160});
}
TEST(EmitterOpcodes, Div04) {
  expectVec(binary("div"), {0.1f, 0.1f, 0.1f, 0.1f});
}
TEST(EmitterOpcodes, Mul2_05) {
  expectVec(binary("mul2"), {10, 40, 90, 160});
}
TEST(EmitterOpcodes, Add2_06) {
  expectVec(binary("add2"), {11, 22, 33, 44});
}

TEST(EmitterOpcodes, IsZero07) {
  // Seed: "0x07 one in lanes equal to zero, else zero".
  expectVec(unaryOf({0, 1, -0.0f, 2}, "is_zero"), {1, 0, 1, 0});
}

TEST(EmitterOpcodes, MinMax08_09) {
  Harness h;
  expectVec(h.top(".const 1 5 -3 4\n.const 2 2 -4 4", "push_const 0\npush_const 1\nmin"),
            {1, 2, -4, 4});
  Harness h2;
  expectVec(h2.top(".const 1 5 -3 4\n.const 2 2 -4 4", "push_const 0\npush_const 1\nmax"),
            {2, 5, -3, 4});
}

TEST(EmitterOpcodes, LessThan0A_IsSBelowT) {
  // Operand order chosen (reference §1.3 conflict): S < T.
  Harness h;
  expectVec(h.top(".const 1 5 3 4\n.const 2 2 3 5", "push_const 0\npush_const 1\nless_than"),
            {1, 0, 0, 1});
}

TEST(EmitterOpcodes, Dot0B) {
  expectVec(binary("dot"), {300, 300, 300, 300});
}
TEST(EmitterOpcodes, Merge0C_0D_0E) {
  expectVec(binary("merge_1_3"), {1, 10, 20, 30});
  expectVec(binary("merge_2_2"), {1, 2, 10, 20});
  expectVec(binary("merge_3_1"), {1, 2, 3, 10});
}

TEST(EmitterOpcodes, Cubic0F) {
  // x = T, c = S: (c.x x + c.y) x^2 + (c.z x + c.w) with c = (1, 2, 3, 4).
  Harness h;
  expectVec(h.top(".const 1 2 3 4\n.const 2 0 -1 0.5", "push_const 0\npush_const 1\ncubic"),
            {26, 4, 2, 6.125f});
}

TEST(EmitterOpcodes, Lerp10_IsUPlusSMinusUTimesT) {
  // Operand order chosen: "a b t lerp" = a + (b - a) t.
  Harness h;
  expectVec(h.top(".const 0 10 0 0\n.const 10 20 4 8\n.const 0.5 0.25 1 0",
                  "push_const 0\npush_const 1\npush_const 2\nlerp"),
            {5, 12.5f, 4, 0});
}

TEST(EmitterOpcodes, LerpSaturate11) {
  // Seed: "0x11 lerp, then clamp to 0 to 1".
  Harness h;
  expectVec(h.top(".const 0 0 0 0\n.const 2 -2 1 0.5\n.const 0.75 0.75 0.75 0.75",
                  "push_const 0\npush_const 1\npush_const 2\nlerp_saturate"),
            {1, 0, 0.75f, 0.375f});
}

TEST(EmitterOpcodes, MulAdd12) {
  Harness h;
  expectVec(h.top(".const 1 2 3 4\n.const 2 2 2 2\n.const 1 1 1 1",
                  "push_const 0\npush_const 1\npush_const 2\nmul_add"),
            {3, 5, 7, 9});
}

TEST(EmitterOpcodes, Clamp13_ValueLowHigh) {
  // Operand order chosen: "x lo hi clamp".
  Harness h;
  expectVec(h.top(".const -1 0.5 2 0.3\n.const 0 0 0 0.5\n.const 1 1 1 1",
                  "push_const 0\npush_const 1\npush_const 2\nclamp"),
            {0, 0.5f, 1, 0.5f});
}

TEST(EmitterOpcodes, SmoothStep14) {
  // Seed: "0x14 smooth step": edges U, S; x = T.
  Harness h;
  expectVec(h.top(".const 0 0 0 0\n.const 1 1 1 1\n.const 0.5 0.25 2 -1",
                  "push_const 0\npush_const 1\npush_const 2\nsmooth_step"),
            {0.5f, 0.15625f, 1, 0});
}

TEST(EmitterOpcodes, AbsSign15_16) {
  expectVec(unaryOf({-1, 2, -0.5f, 0}, "abs"), {1, 2, 0.5f, 0});
  // Seed: "sign, keeping zero".
  expectVec(unaryOf({-3, 0, 2, -0.0f}, "sign"), {-1, 0, 1, 0});
}

TEST(EmitterOpcodes, FloorCeilRound17_18_19) {
  expectVec(unaryOf({1.5f, -1.5f, 2, -0.2f}, "floor"), {1, -2, 2, -1});
  expectVec(unaryOf({1.5f, -1.5f, 2, -0.2f}, "ceil"), {2, -1, 2, 0});
  // Seed: "round to nearest even".
  expectVec(unaryOf({0.5f, 1.5f, 2.5f, -0.5f}, "round"), {0, 2, 2, 0});
}

TEST(EmitterOpcodes, Frac1A) {
  expectVec(unaryOf({1.25f, -1.25f, 3, 0.5f}, "frac"), {0.25f, 0.75f, 0, 0.5f});
}

TEST(EmitterOpcodes, Normalize1B_1C) {
  // Seed: "normalize over four lanes or over XYZ".
  expectVec(unaryOf({1, 2, 2, 4}, "normalize4"), {0.2f, 0.4f, 0.4f, 0.8f});
  expectVec(unaryOf({0, 0, 0, 0}, "normalize4"), {0, 0, 0, 0});
  expectVec(unaryOf({3, 0, 4, 10}, "normalize3"), {0.6f, 0, 0.8f, 2});
  expectVec(unaryOf({0, 0, 0, 5}, "normalize3"), {0, 0, 0, 0});
}

TEST(EmitterOpcodes, Negate1D) {
  expectVec(unaryOf({1, -2, 0, 4}, "negate"), {-1, 2, 0, -4});
}

TEST(EmitterOpcodes, SinWave1E_IsCosWithoutQuarterTurn) {
  // Seed: "0x1E sine wave: the 0x1F wave without its quarter-turn offset". TFX estimate in turns.
  expectVec(unaryOf({0.25f, 0, 0.75f, 0.125f}, "sin"), {1, 0, -1, 0.7078125f});
  expectVec(unaryOf({0, 0.25f, 0.5f, -0.125f}, "cos"), {1, 0, -1, 0.7078125f});
}

TEST(EmitterOpcodes, SinCos20) {
  expectVec(unaryOf({0.25f, 0, 0.125f, 0.5f}, "sin_cos"), {1, 1, 0.7078125f, -1});
}
TEST(EmitterOpcodes, Splat21) {
  expectVec(unaryOf({3, 4, 5, 6}, "splat"), {3, 3, 3, 3});
}

TEST(EmitterOpcodes, Permute22) {
  expectVec(unaryOf({1, 2, 3, 4}, "permute wzyx"), {4, 3, 2, 1});
  expectVec(unaryOf({1, 2, 3, 4}, "permute yxwz"), {2, 1, 4, 3});
  expectVec(unaryOf({1, 2, 3, 4}, "permute 0x1b"), {1, 2, 3, 4});  // xyzw = 00 01 10 11
  AssembledProgram a;
  std::vector<std::string> e;
  ASSERT_TRUE(assemble(".stage 4\npermute yxwz", a, e));
  EXPECT_EQ(a.bytes, (std::vector<uint8_t>{0x22, 0x4E}));
}

TEST(EmitterOpcodes, Saturate23) {
  expectVec(unaryOf({-1, 0.5f, 2, 1}, "saturate"), {0, 0.5f, 1, 1});
}
TEST(EmitterOpcodes, Tan24) {
  expectVec(unaryOf({0.125f, 0, 0.25f, -0.125f}, "tan"), {1, 0, 0, -1});
}

TEST(EmitterOpcodes, Log2_25) {
  // Exponent - 127 plus f (1.4232545 + f (-0.5854211 + f 0.16216666)); 3 = 2^1 * 1.5.
  expectVec(unaryOf({8, 1, 0.5f, 3}, "log2"), {3, 0, -1, 1.58554281f}, 1e-5f);
}

TEST(EmitterOpcodes, Unk26PassesThrough) {
  expectVec(unaryOf({1, 2, 3, 4}, "unk26"), {1, 2, 3, 4});
}
TEST(EmitterOpcodes, Triangle27) {
  expectVec(unaryOf({0.25f, 0.5f, 1.1f, -0.25f}, "triangle"), {0.5f, 1, 0.2f, 0.5f}, 1e-6f);
}

TEST(EmitterOpcodes, Jitter28AtZero) {
  // r = (0.52, 0.37, 0.16, 0.79) wrapped to (-0.48, 0.37, 0.16, -0.21); v = 0.5 + 0.128; 3v^2 -
  // 2v^3.
  expectVec(unaryOf({0, 9, 9, 9}, "jitter"), vec4(0.687805696f), 1e-5f);
}

TEST(EmitterOpcodes, Wander29AtZero) {
  expectVec(unaryOf({0, 9, 9, 9}, "wander"), vec4(0.8296150016f), 1e-5f);
}

TEST(EmitterOpcodes, Rand2A_RandSmooth2B) {
  auto ref = [](float n) {
    const float k = 1.0f / 1.043501f + 1.0f / 0.794471f + 1.0f / 0.113777f + 1.0f / 0.015101f;
    float v = n * k - std::floor(n * k);
    float r = v * v * 251.0f;
    return r - std::floor(r);
  };
  expectVec(unaryOf({0, 5, 5, 5}, "rand"), vec4(0.0f));
  expectVec(unaryOf({3.7f, 0, 0, 0}, "rand"), vec4(ref(3.0f)));
  expectVec(unaryOf({2, 0, 0, 0}, "rand_smooth"), vec4(ref(2.0f)));
  expectVec(unaryOf({2.5f, 0, 0, 0}, "rand_smooth"), vec4(0.5f * (ref(2.0f) + ref(3.0f))), 1e-6f);
}

TEST(EmitterOpcodes, RotateAxis2C) {
  // Seed: "0x2C rotate a vector about an axis by an angle in turns": S vector, T = (axis, turns).
  Harness h;
  expectVec(h.top(".const 1 0 0 7\n.const 0 0 2 0.25", "push_const 0\npush_const 1\nrotate_axis"),
            {0, 1, 0, 7}, 1e-6f);
  Harness h2;
  expectVec(h2.top(".const 0 1 0 1\n.const 1 0 0 0.5", "push_const 0\npush_const 1\nrotate_axis"),
            {0, -1, 0, 1}, 1e-6f);
}

TEST(EmitterOpcodes, Unk2DPushesTBack) {
  Harness h;
  auto top = h.top(".const 1 1 1 1\n.const 9 8 7 6",
                   "push_const 0\npush_const 0\npush_const 0\npush_const 0\npush_const 1\nunk2d");
  expectVec(top, {9, 8, 7, 6});
  EXPECT_EQ(h.run().size(), 1u);
}

TEST(EmitterOpcodes, TransformVec4_2E) {
  Harness h;
  expectVec(
      h.top(".const 1 0 0 0\n.const 0 2 0 0\n.const 0 0 3 0\n.const 10 20 30 1\n.const 1 1 1 1",
            "push_const 0\npush_const 1\npush_const 2\npush_const 3\npush_const 4\ntransform_vec4"),
      {11, 22, 33, 1});
}

// A spline4 table: lane j's cubic is C_j x + D_j; thresholds 0, 1, 2, 3.
const char* kSpline4 =
    ".const 0 0 0 0\n.const 0 0 0 0\n.const 1 2 0 0\n.const 0 0 5 7\n.const 0 1 2 3";

TEST(EmitterOpcodes, Spline4Const37) {
  for (auto [x, want] :
       {std::pair{0.5f, 0.5f}, {1.5f, 3.0f}, {2.5f, 5.0f}, {10.0f, 7.0f}, {-1.0f, -1.0f}}) {
    Harness h;
    expectVec(h.top(std::string(kSpline4) + "\n.const " + std::to_string(x) + " 0 0 0",
                    "push_const 5\nspline4_const 0"),
              vec4(want));
  }
}

TEST(EmitterOpcodes, Spline4_2F_TableOnTheStack) {
  // Seed: "0x2F to 0x33 the curves 0x37 to 0x3B, with the table on the stack".
  Harness h;
  expectVec(h.top(std::string(kSpline4) + "\n.const 1.5 0 0 0",
                  "push_const 0\npush_const 1\npush_const 2\npush_const 3\npush_const "
                  "4\npush_const 5\nspline4"),
            vec4(3.0f));
  EXPECT_EQ(h.run().size(), 1u);
}

// spline8: set 1 = kSpline4 (thresholds 0..3), set 2 = constant 100 + lane (thresholds 4..7).
const char* kSpline8 =
    ".const 0 0 0 0\n.const 0 0 0 0\n.const 1 2 0 0\n.const 0 0 5 7\n"
    ".const 0 0 0 0\n.const 0 0 0 0\n.const 0 0 0 0\n.const 100 101 102 103\n"
    ".const 1 1 2 3\n.const 4 5 6 7";

TEST(EmitterOpcodes, Spline8Const38_And30) {
  for (auto [x, want] : {std::pair{1.5f, 3.0f}, {4.5f, 100.0f}, {6.5f, 102.0f}}) {
    Harness h;
    expectVec(h.top(std::string(kSpline8) + "\n.const " + std::to_string(x) + " 0 0 0",
                    "push_const 10\nspline8_const 0"),
              vec4(want));
    Harness hs;
    std::string pushes;
    for (int k = 0; k <= 10; ++k) pushes += "push_const " + std::to_string(k) + "\n";
    expectVec(hs.top(std::string(kSpline8) + "\n.const " + std::to_string(x) + " 0 0 0",
                     pushes + "spline8"),
              vec4(want));
  }
}

TEST(EmitterOpcodes, Spline8Chain39_And31) {
  // Below the first threshold (1) the chained value S.x comes through.
  Harness h;
  expectVec(h.top(std::string(kSpline8) + "\n.const 0.5 0 0 0\n.const 42 0 0 0",
                  "push_const 11\npush_const 10\nspline8_chain_const 0"),
            vec4(42.0f));
  Harness h2;
  expectVec(h2.top(std::string(kSpline8) + "\n.const 1.5 0 0 0\n.const 42 0 0 0",
                   "push_const 11\npush_const 10\nspline8_chain_const 0"),
            vec4(3.0f));
  Harness hs;
  std::string pushes;
  for (int k = 0; k <= 9; ++k) pushes += "push_const " + std::to_string(k) + "\n";
  expectVec(hs.top(std::string(kSpline8) + "\n.const 0.5 0 0 0\n.const 42 0 0 0",
                   pushes + "push_const 11\npush_const 10\nspline8_chain"),
            vec4(42.0f));
  EXPECT_EQ(hs.run().size(), 1u);
}

// gradient4: base (0, 0, 0, 1); stop 0 adds red, stop 1 green, stop 2 blue; thresholds 0, .5, .75,
// .9.
const char* kGradient4 =
    ".const 0 0 0 1\n.const 1 0 0 0\n.const 0 1 0 0\n.const 0 0 1 0\n.const 0 0 0 0\n.const 0 0.5 "
    "0.75 0.9";

TEST(EmitterOpcodes, Gradient4Const3A_And32) {
  for (auto [x, want] : {std::pair{0.25f, vec4(0.5f, 0, 0, 1)},
                         {0.625f, vec4(1, 0.5f, 0, 1)},
                         {1.0f, vec4(1, 1, 1, 1)}}) {
    Harness h;
    expectVec(h.top(std::string(kGradient4) + "\n.const " + std::to_string(x) + " 0 0 0",
                    "push_const 6\ngradient4_const 0"),
              want);
    Harness hs;
    std::string pushes;
    for (int k = 0; k <= 6; ++k) pushes += "push_const " + std::to_string(k) + "\n";
    expectVec(hs.top(std::string(kGradient4) + "\n.const " + std::to_string(x) + " 0 0 0",
                     pushes + "gradient4"),
              want);
  }
}

TEST(EmitterOpcodes, Gradient8Const3B_And33) {
  // Stops 0-3 at 0, .1, .2, .3 add nothing; stop 4 (threshold .5, next .75) adds red.
  std::string t =
      ".const 0 0 0 1\n.const 0 0 0 0\n.const 0 0 0 0\n.const 0 0 0 0\n.const 0 0 0 0\n"
      ".const 1 0 0 0\n.const 0 0 0 0\n.const 0 0 0 0\n.const 0 0 0 0\n"
      ".const 0 0.1 0.2 0.3\n.const 0.5 0.75 0.8 0.9\n.const 0.625 0 0 0";
  Harness h;
  expectVec(h.top(t, "push_const 11\ngradient8_const 0"), {0.5f, 0, 0, 1});
  Harness hs;
  std::string pushes;
  for (int k = 0; k <= 11; ++k) pushes += "push_const " + std::to_string(k) + "\n";
  expectVec(hs.top(t, pushes + "gradient8"), {0.5f, 0, 0, 1});
}

TEST(EmitterOpcodes, PushConst34_LerpConst35_36) {
  Harness h;
  expectVec(h.top(".const 0 0 0 0\n.const 10 20 30 40\n.const 0.5 0.5 0.5 0.5",
                  "push_const 2\nlerp_const 0"),
            {5, 10, 15, 20});
  // Seed: "0x36 0x35, then clamp to 0 to 1".
  Harness h2;
  expectVec(h2.top(".const 0 0 0 0\n.const 2 -2 1 0.5\n.const 1 1 1 1",
                   "push_const 2\nlerp_const_saturate 0"),
            {1, 0, 1, 0.5f});
}

TEST(EmitterOpcodes, Random3D_IsTheSeedLcgFromZero) {
  // Seed: "Random values come from s = 1664525 s + 1013904223, taking the high 16 bits over
  // 65,535."
  Harness h;
  ASSERT_TRUE(h.load(".stage 4\nrandom\nrandom\nrandom"));
  auto s = h.run();
  ASSERT_EQ(s.size(), 3u);
  expectVec(s[0], vec4(15470.0f / 65535.0f));
  expectVec(s[1], vec4(18256.0f / 65535.0f));
  expectVec(s[2], vec4(53708.0f / 65535.0f));
  EXPECT_EQ(h.rng.state, 3519870697u);
}

TEST(EmitterOpcodes, Load3E_EveryLaneForm) {
  // Seed: "Load lane forms are xyzw, xyzz, xyxy, zwzw, xxxx, yyyy, zzzz and wwww."
  const vec4 want[8] = {{1, 2, 3, 4}, {1, 2, 3, 3}, {1, 2, 1, 2}, {3, 4, 3, 4},
                        {1, 1, 1, 1}, {2, 2, 2, 2}, {3, 3, 3, 3}, {4, 4, 4, 4}};
  for (int f = 0; f < 8; ++f) {
    Harness h;
    h.stream1[8] = 1, h.stream1[9] = 2, h.stream1[10] = 3, h.stream1[11] = 4;  // group 1, vec4 2
    expectVec(h.top("", "load 1 2 " + std::string(kLoadForms[size_t(f)])), want[f]);
  }
  // System groups and the channel constants splat the same value.
  Harness g;
  g.groups[2][4] = 7;  // group 5, vec4 1, x
  expectVec(g.top("", "load 5 1 xxxx"), vec4(7.0f));
  Harness c;
  expectVec(c.top("", "load 6 1 wwww"), vec4(-4.0f));
}

TEST(EmitterOpcodes, Store3F_EveryLaneForm) {
  // Seed: "Store lane forms write all lanes, xyz, xy, the source XY into ZW, or the source X into
  // one of X, Y, Z or W."
  const vec4 want[8] = {{1, 2, 3, 4}, {1, 2, 3, 9}, {1, 2, 9, 9}, {9, 9, 1, 2},
                        {1, 9, 9, 9}, {9, 1, 9, 9}, {9, 9, 1, 9}, {9, 9, 9, 1}};
  for (int f = 0; f < 8; ++f) {
    Harness h;
    for (int k = 0; k < 4; ++k) h.stream0[4 + k] = 9;
    ASSERT_TRUE(h.load(".const 1 2 3 4\n.stage 4\npush_const 0\nstore 0 1 " +
                       std::string(kStoreForms[size_t(f)])));
    EXPECT_TRUE(h.run().empty());
    expectVec({h.stream0[4], h.stream0[5], h.stream0[6], h.stream0[7]}, want[f]);
  }
  Harness g;
  ASSERT_TRUE(g.load(".const 1 2 3 4\n.stage 4\npush_const 0\nstore 4 3 xy_to_zw"));
  g.run();
  EXPECT_EQ(g.groups[1][14], 1.0f);
  EXPECT_EQ(g.groups[1][15], 2.0f);
}

TEST(EmitterOpcodes, TransformSlots40_42_And49_4B) {
  // Seed: "A transform is two vec4s: a rotation quaternion, then a position with uniform scale in
  // W. On the stack the position sits under the rotation."
  Harness h;
  ASSERT_TRUE(h.load(
      ".const 1 2 3 2\n.const 0 0 0.70710678 0.70710678\n.const 5 5 5 1\n.const 0 0 0 1\n"
      ".stage 4\npush_const 0\npush_const 1\nwrite_slot 3\npush_const 2\nwrite_slot_position 4\n"
      "push_const 1\nwrite_slot_rotation 5\nread_slot 3\nread_slot_position 4\nread_slot_rotation "
      "5"));
  auto s = h.run();
  ASSERT_EQ(s.size(), 4u);
  expectVec(h.slotPos[3], {1, 2, 3, 2});
  expectVec(h.slotRot[3], {0, 0, 0.70710678f, 0.70710678f});
  expectVec(h.slotPos[4], {5, 5, 5, 1});
  expectVec(h.slotRot[5], {0, 0, 0.70710678f, 0.70710678f});
  expectVec(s[0], {1, 2, 3, 2});
  expectVec(s[1], {0, 0, 0.70710678f, 0.70710678f});
  expectVec(s[2], {5, 5, 5, 1});
  expectVec(s[3], {0, 0, 0.70710678f, 0.70710678f});
}

TEST(EmitterOpcodes, Externs43_45) {
  // Seed: "Extern float 0 is the wrapped simulation time ... float 5 is 1/30 and float 6 is 1/60."
  Harness h;
  for (int k = 0; k < kExternFloatCount; ++k) h.st.externFloats[k] = float(k) + 0.5f;
  h.st.externVectors[2] = vec4(7, 8, 9, 0);
  ASSERT_TRUE(
      h.load(".stage 4\npush_extern_float time_wrapped\npush_extern_float 6\npush_extern_vector "
             "spawn_frame_velocity\n"
             "push_extern_float4 4"));
  auto s = h.run();
  ASSERT_EQ(s.size(), 4u);
  expectVec(s[0], vec4(0.5f));
  expectVec(s[1], vec4(6.5f));
  expectVec(s[2], {7, 8, 9, 0});
  expectVec(s[3], {4.5f, 5.5f, 6.5f, 0});
}

TEST(EmitterOpcodes, Channels46_47_AndPushZero48) {
  // Seed: "0x46, 0x47 push an object channel, or a hash-named one; zero when unbound".
  Harness h;
  h.st.channels[3] = 0.75f;
  ASSERT_TRUE(
      h.load(".stage 4\npush_channel 3\npush_channel 4\npush_channel_named "
             "\"alive\"\npush_channel_named 0x12345678\npush_zero"));
  ASSERT_EQ(h.program.hashes.size(), 2u);
  EXPECT_EQ(h.program.hashes[0], fnv1("alive"));
  EXPECT_EQ(h.program.hashes[1], 0x12345678u);
  h.named[0] = 2.0f;  // "alive" bound; 0x12345678 unbound reads 0
  auto s = h.run();
  ASSERT_EQ(s.size(), 5u);
  expectVec(s[0], vec4(0.75f));
  expectVec(s[1], vec4(0.0f));
  expectVec(s[2], vec4(2.0f));
  expectVec(s[3], vec4(0.0f));
  expectVec(s[4], vec4(0.0f));
}

// A transform: position (1, 2, 3) scale 2, rotation a quarter turn about +Z.
const char* kXf = ".const 1 2 3 2\n.const 0 0 0.70710678 0.70710678\n.const 1 0 0 9";

TEST(EmitterOpcodes, MovePoint4C_MoveVector4D_UnmovePoint4E) {
  Harness h;
  // rot((1,0,0) * 2) + (1,2,3) = (0,2,0) + (1,2,3).
  expectVec(h.top(kXf, "push_const 2\npush_const 0\npush_const 1\nmove_point"), {1, 4, 3, 9},
            1e-5f);
  Harness h2;
  expectVec(h2.top(kXf, "push_const 2\npush_const 0\npush_const 1\nmove_vector"), {0, 2, 0, 9},
            1e-5f);
  Harness h3;
  expectVec(h3.top(std::string(kXf) + "\n.const 1 4 3 9",
                   "push_const 3\npush_const 0\npush_const 1\nunmove_point"),
            {1, 0, 0, 9}, 1e-5f);
}

TEST(EmitterOpcodes, MoveTransform4F) {
  // Parent kXf times child (position (1,0,0), scale 3, identity): position (1,4,3), scale 6.
  Harness h;
  ASSERT_TRUE(h.load(std::string(kXf) +
                     "\n.const 1 0 0 3\n.const 0 0 0 1\n.stage 4\n"
                     "push_const 0\npush_const 1\npush_const 3\npush_const 4\nmove_transform"));
  auto s = h.run();
  ASSERT_EQ(s.size(), 2u);
  expectVec(s[0], {1, 4, 3, 6}, 1e-5f);
  expectVec(s[1], {0, 0, 0.70710678f, 0.70710678f}, 1e-5f);
}

TEST(EmitterOpcodes, LerpTransform50) {
  Harness h;
  ASSERT_TRUE(h.load(
      ".const 0 0 0 1\n.const 0 0 0 1\n.const 4 0 0 3\n.const 0 0 1 0\n.const 0.5 0 0 0\n.stage 4\n"
      "push_const 0\npush_const 1\npush_const 2\npush_const 3\npush_const 4\nlerp_transform"));
  auto s = h.run();
  ASSERT_EQ(s.size(), 2u);
  expectVec(s[0], {2, 0, 0, 2}, 1e-5f);
  expectVec(s[1], {0, 0, 0.70710678f, 0.70710678f}, 1e-5f);  // half of a half turn about Z
}

TEST(EmitterOpcodes, TurnVector51_AxisTurn52) {
  Harness h;
  expectVec(h.top(kXf, "push_const 2\npush_const 1\nturn_vector"), {0, 1, 0, 9}, 1e-5f);
  Harness h2;
  expectVec(h2.top(".const 0 0 5 0.25", "push_const 0\naxis_turn"),
            {0, 0, 0.70710678f, 0.70710678f}, 1e-6f);
  Harness h3;
  expectVec(h3.top(".const 0 0 0 0.25", "push_const 0\naxis_turn"), {0, 0, 0, 1});
}

TEST(EmitterOpcodes, EndBytesStopTheStage) {
  // Seed: "Byte 0x00, byte 0x3C and bytes above 0x52 end the stage."
  for (const char* endLine : {"end", "stop", ".byte 0x53", ".byte 0xff"}) {
    Harness h;
    ASSERT_TRUE(h.load(std::string(".stage 4\npush_zero\n") + endLine + "\npush_zero\npush_zero"));
    EXPECT_EQ(h.run().size(), 1u) << endLine;
  }
}

TEST(EmitterOpcodes, EveryTableOpcodeHasATest) {
  // The table rows exercised above, so a new opcode without a test fails here.
  int defined = 0;
  for (const OpInfo& i : kOpTable) defined += i.defined ? 1 : 0;
  EXPECT_EQ(defined, 0x53);  // 0x00..0x52
}

}  // namespace
}  // namespace fx::destiny::test
