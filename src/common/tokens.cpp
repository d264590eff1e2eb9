// tokens.cpp - toon::estimate_tokens and toon::token_estimator (toon/tokens.hpp).
#include "toon/tokens.hpp"
#include "toon/detail/linkage.hpp"

#include <array>

namespace toon {

namespace {

constexpr char32_t replacement_character = 0xFFFD;

// ECMAScript's \s: WhiteSpace and LineTerminator.
bool is_space(char32_t c) {
  return (c >= 0x09 && c <= 0x0D) || c == 0x20 || c == 0xA0 || c == 0x1680 || (c >= 0x2000 && c <= 0x200A) ||
         c == 0x2028 || c == 0x2029 || c == 0x202F || c == 0x205F || c == 0x3000 || c == 0xFEFF;
}

bool is_punct(char32_t c) {
  switch (c) {
    case '.': case ',': case '!': case '?': case ';': case '(': case ')': case '{': case '}':
    case '[': case ']': case '<': case '>': case ':': case '/': case '\\': case '|': case '@':
    case '#': case '$': case '%': case '^': case '&': case '*': case '+': case '=': case '`':
    case '~': case '_': case '-':
      return true;
    default:
      return false;
  }
}

// CJK ideographs, kana, CJK symbols, full-width forms and Hangul (BMP only, as the heuristic
// tests UTF-16 code units).
bool is_cjk(char32_t c) {
  struct range {
    char32_t lo, hi;
  };
  static constexpr std::array<range, 14> ranges{{{0x1100, 0x11FF}, {0x2E80, 0x2EFF}, {0x3000, 0x303F},
                                                  {0x30A0, 0x30FF}, {0x3130, 0x318F}, {0x31C0, 0x31EF},
                                                  {0x3200, 0x32FF}, {0x3300, 0x33FF}, {0x3400, 0x4DBF},
                                                  {0x4E00, 0x9FFF}, {0xA960, 0xA97F}, {0xAC00, 0xD7AF},
                                                  {0xD7B0, 0xD7FF}, {0xFF00, 0xFFEF}}};
  for (const range& r : ranges)
    if (c >= r.lo && c <= r.hi) return true;
  return false;
}

// Accent groups, both cases: 1 German, 2 French and others, 3 Polish and Czech. A letter in
// two groups belongs to the first (that group is tested first).
int accent_group(char32_t c) {
  switch (c) {
    case 0xE4: case 0xF6: case 0xFC: case 0xDF: case 0x1E9E: case 0xC4: case 0xD6: case 0xDC:
      return 1;
    case 0xE9: case 0xE8: case 0xEA: case 0xEB: case 0xE0: case 0xE2: case 0xEE: case 0xEF:
    case 0xF4: case 0xFB: case 0xF9: case 0xFF: case 0xE7: case 0x153: case 0xE6: case 0xE1:
    case 0xED: case 0xF3: case 0xFA: case 0xF1:
    case 0xC9: case 0xC8: case 0xCA: case 0xCB: case 0xC0: case 0xC2: case 0xCE: case 0xCF:
    case 0xD4: case 0xDB: case 0xD9: case 0x178: case 0xC7: case 0x152: case 0xC6: case 0xC1:
    case 0xCD: case 0xD3: case 0xDA: case 0xD1:
      return 2;
    case 0x105: case 0x107: case 0x119: case 0x142: case 0x144: case 0x15B: case 0x17A: case 0x17C:
    case 0x11B: case 0x161: case 0x10D: case 0x159: case 0x17E: case 0xFD: case 0x16F: case 0x10F:
    case 0x165: case 0x148:
    case 0x104: case 0x106: case 0x118: case 0x141: case 0x143: case 0x15A: case 0x179: case 0x17B:
    case 0x11A: case 0x160: case 0x10C: case 0x158: case 0x17D: case 0xDD: case 0x16E: case 0x10E:
    case 0x164: case 0x147:
      return 3;
    default:
      return 0;
  }
}

std::uint64_t ceil_div(std::uint64_t a, std::uint64_t b) { return (a + b - 1) / b; }

}  // namespace

TOON_FUNC void token_estimator::add(char32_t cp) {
  run_kind k = is_space(cp) ? run_kind::space : is_punct(cp) ? run_kind::punct : run_kind::other;
  if (k != kind_) {
    end_run();
    kind_ = k;
  }
  units_ += cp >= 0x10000 ? 2 : 1;
  ++code_points_;
  if (k != run_kind::other) return;
  if (cp < 0x10000 && is_cjk(cp)) cjk_ = true;
  if (cp < '0' || cp > '9') digits_only_ = false;
  if (int g = accent_group(cp); g != 0 && (language_ == 0 || g < language_)) language_ = g;
}

TOON_FUNC void token_estimator::end_run() {
  switch (kind_) {
    case run_kind::none:
    case run_kind::space:
      break;
    case run_kind::punct:
      total_ += units_ <= 3 ? 1 : ceil_div(units_, 2);
      break;
    case run_kind::other:
      if (cjk_) total_ += code_points_;
      else if (digits_only_ || units_ <= 3) total_ += 1;
      else if (language_ == 1 || language_ == 2) total_ += ceil_div(units_, 3);
      else if (language_ == 3) total_ += ceil_div(units_ * 2, 7);  // 3.5 units per token
      else total_ += ceil_div(units_, 6);
      break;
  }
  kind_ = run_kind::none;
  units_ = code_points_ = 0;
  cjk_ = false;
  digits_only_ = true;
  language_ = 0;
}

TOON_FUNC void token_estimator::feed(std::string_view bytes) {
  // UTF-8 decoding with the WHATWG replacement rules (each maximal ill-formed subpart is one
  // U+FFFD), resumable between pieces.
  for (std::size_t i = 0; i < bytes.size();) {
    auto b = static_cast<unsigned char>(bytes[i]);
    if (pending_left_ > 0) {
      if (b < pending_lo_ || b > pending_hi_) {
        add(replacement_character);  // truncated sequence; b is examined again
        pending_left_ = 0;
        continue;
      }
      ++i;
      pending_ = (pending_ << 6) | (b & 0x3Fu);
      pending_lo_ = 0x80;
      pending_hi_ = 0xBF;
      if (--pending_left_ == 0) add(pending_);
      continue;
    }
    ++i;
    if (b < 0x80) {
      add(b);
      continue;
    }
    // A lead byte: the number of continuation bytes, and the range of the first one that
    // excludes overlong forms, surrogates and code points above U+10FFFF.
    pending_lo_ = 0x80;
    pending_hi_ = 0xBF;
    if (b >= 0xC2 && b <= 0xDF) {
      pending_left_ = 1;
      pending_ = b & 0x1Fu;
    } else if (b >= 0xE0 && b <= 0xEF) {
      pending_left_ = 2;
      pending_ = b & 0x0Fu;
      if (b == 0xE0) pending_lo_ = 0xA0;
      if (b == 0xED) pending_hi_ = 0x9F;
    } else if (b >= 0xF0 && b <= 0xF4) {
      pending_left_ = 3;
      pending_ = b & 0x07u;
      if (b == 0xF0) pending_lo_ = 0x90;
      if (b == 0xF4) pending_hi_ = 0x8F;
    } else {
      add(replacement_character);
    }
  }
}

TOON_FUNC std::uint64_t token_estimator::finish() {
  if (pending_left_ > 0) {
    add(replacement_character);
    pending_left_ = 0;
  }
  end_run();
  return total_;
}

TOON_FUNC std::uint64_t estimate_tokens(std::string_view text) {
  token_estimator e;
  e.feed(text);
  return e.finish();
}

}  // namespace toon
