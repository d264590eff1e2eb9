// Unit tests of the quoting decisions of the writer on keys (§7.3) and string values (§7.2)
// of every length from 4 to 40 bytes (all the block paths of the scan), with one probed byte
// at every inner position. The expected text follows the spec's rules directly: a key is bare
// only when all its bytes are in [A-Za-z0-9_.]; a value needs quotes for ':' '[' ']' '{' '}',
// the document delimiter, '"', '\\' and control bytes; inside quotes '"' '\\' LF CR TAB are
// escaped as \" \\ \n \r \t and the other controls as \u00XX.
#include <gtest/gtest.h>

#include <cstdio>
#include <string>
#include <string_view>

#include "toon/encode.hpp"
#include "toon/value.hpp"

namespace {

constexpr std::string_view probes =
    ":[]{},|\"\\\n\r\t\x01\x1f\x7f\x80\xff @`~#-.aZ09_+";

std::string escaped(std::string_view s) {
  std::string out;
  for (char c : s) {
    const auto u = static_cast<unsigned char>(c);
    if (c == '"' || c == '\\') {
      out += '\\';
      out += c;
    } else if (c == '\n') {
      out += "\\n";
    } else if (c == '\r') {
      out += "\\r";
    } else if (c == '\t') {
      out += "\\t";
    } else if (u < 0x20) {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\u%04x", u);
      out += buf;
    } else {
      out += c;
    }
  }
  return out;
}

bool key_byte(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '.';
}

bool value_byte_forces_quotes(char c, char delimiter) {
  const auto u = static_cast<unsigned char>(c);
  return c == ':' || c == '[' || c == ']' || c == '{' || c == '}' || c == '"' || c == '\\' || u < 0x20 ||
         c == delimiter;
}

// A string of `n` letters with `probe` at `at`.
std::string probed(std::size_t n, std::size_t at, char probe) {
  std::string s;
  for (std::size_t i = 0; i < n; ++i) s += static_cast<char>('a' + i % 26);
  s[at] = probe;
  return s;
}

TEST(EncodeQuoting, KeysOfAllLengths) {
  for (std::size_t n = 4; n <= 40; ++n) {
    for (std::size_t at = 1; at < n; ++at) {
      for (char probe : probes) {
        const std::string k = probed(n, at, probe);
        const std::string expected_key = key_byte(probe) ? k : '"' + escaped(k) + '"';
        EXPECT_EQ(toon::encode(toon::value(toon::object{{k, 1}})), expected_key + ": 1") << n << ' ' << at;
      }
    }
  }
}

TEST(EncodeQuoting, ValuesOfAllLengths) {
  for (toon::delimiter d : {toon::delimiter::comma, toon::delimiter::pipe, toon::delimiter::tab}) {
    toon::encode_options o;
    o.delimiter = d;
    for (std::size_t n = 4; n <= 40; ++n) {
      for (std::size_t at = 1; at + 1 < n; ++at) {
        for (char probe : probes) {
          const std::string s = probed(n, at, probe);
          const std::string expected =
              value_byte_forces_quotes(probe, static_cast<char>(d)) ? '"' + escaped(s) + '"' : s;
          EXPECT_EQ(toon::encode(toon::value(toon::object{{"k", s}}), o), "k: " + expected) << n << ' ' << at;
        }
      }
    }
  }
}

}  // namespace
