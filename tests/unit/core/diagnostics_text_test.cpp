// Messages are text (issue 26): engine/core/diagnostics.h escapeInvalidUtf8 and format(d). Valid
// UTF-8 passes unchanged; every byte that does not start a well-formed sequence (Unicode Table
// 3-7) is printed as \xNN, so a name quoted from a corrupt tag cannot put raw bytes on a terminal.
#include <gtest/gtest.h>

#include <string>

#include "engine/core/diagnostics.h"
#include "engine/core/text.h"

namespace fx {
namespace {

TEST(DiagnosticsText, ValidUtf8IsUnchanged) {
  for (std::string s :
       {std::string(), std::string("weather\\rain.point_physics"),
        std::string("caf\xC3\xA9"),               // U+00E9, two bytes
        std::string("\xE2\x82\xAC 5"),            // U+20AC, three bytes
        std::string("\xF0\x9F\x8C\xA7 rain"),     // U+1F327, four bytes
        std::string("\xED\x9F\xBF\xEE\x80\x80"),  // U+D7FF, U+E000 (surrogate edges)
        std::string("\xF4\x8F\xBF\xBF"),          // U+10FFFF, the last code point
        std::string("tab\there\nnext line")})
    EXPECT_EQ(escapeInvalidUtf8(s), s);
}

TEST(DiagnosticsText, InvalidBytesAreEscaped) {
  EXPECT_EQ(escapeInvalidUtf8("a\xFF"
                              "b"),
            "a\\xffb");
  EXPECT_EQ(escapeInvalidUtf8("\xFF\xFE"), "\\xff\\xfe");
  EXPECT_EQ(escapeInvalidUtf8("\x80"), "\\x80");  // a lone continuation byte
  // Truncated sequences: the lead byte and its orphaned continuations, then the text goes on.
  EXPECT_EQ(escapeInvalidUtf8("\xE2\x82"), "\\xe2\\x82");
  EXPECT_EQ(escapeInvalidUtf8("\xE2\x82"
                              "A"),
            "\\xe2\\x82A");
  EXPECT_EQ(escapeInvalidUtf8("\xF0\x9F\x8C"), "\\xf0\\x9f\\x8c");
  EXPECT_EQ(escapeInvalidUtf8("\xC3"), "\\xc3");
  // Overlong forms of '/' and of U+0000, U+20AC.
  EXPECT_EQ(escapeInvalidUtf8("\xC0\xAF"), "\\xc0\\xaf");
  EXPECT_EQ(escapeInvalidUtf8("\xC1\x81"), "\\xc1\\x81");
  EXPECT_EQ(escapeInvalidUtf8("\xE0\x80\x80"), "\\xe0\\x80\\x80");
  EXPECT_EQ(escapeInvalidUtf8("\xF0\x82\x82\xAC"), "\\xf0\\x82\\x82\\xac");
  // A surrogate (U+D800) and a code point above U+10FFFF.
  EXPECT_EQ(escapeInvalidUtf8("\xED\xA0\x80"), "\\xed\\xa0\\x80");
  EXPECT_EQ(escapeInvalidUtf8("\xF4\x90\x80\x80"), "\\xf4\\x90\\x80\\x80");
  EXPECT_EQ(escapeInvalidUtf8("\xF5\x80\x80\x80"), "\\xf5\\x80\\x80\\x80");
  // Valid characters around an invalid byte survive whole.
  EXPECT_EQ(escapeInvalidUtf8("\xC3\xA9\xFF\xE2\x82\xAC"), "\xC3\xA9\\xff\xE2\x82\xAC");
}

TEST(DiagnosticsText, ControlCharactersOtherThanTabAndNewlineAreEscaped) {
  EXPECT_EQ(escapeInvalidUtf8(std::string("a\0b", 3)), "a\\x00b");
  EXPECT_EQ(escapeInvalidUtf8("\x1B[31mred"), "\\x1b[31mred");
  EXPECT_EQ(escapeInvalidUtf8("\r\x7F"), "\\x0d\\x7f");
}

TEST(DiagnosticsText, FormatEscapesEveryPart) {
  Diagnostic d{Severity::Warning, "tags/\xFFstorm.weather_particle_system",
               "/particle_types/0/\xFE", "physics tag \"weather\\\xFF\xFEin\" not found", "c\x80"};
  EXPECT_EQ(format(d),
            "tags/\\xffstorm.weather_particle_system: /particle_types/0/\\xfe: warning: physics "
            "tag \"weather\\\\xff\\xfein\" not found [c\\x80]");
}

}  // namespace
}  // namespace fx
