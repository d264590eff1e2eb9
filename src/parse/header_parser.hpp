// Parses array and keyed-tabular headers (§6): key, [N], [N:], delimiter symbol, field
// lists with nested field groups, the colon, and what follows it.
#pragma once

#include <algorithm>
#include <bit>
#include <cstdint>
#include <cstring>
#include <list>
#include <string>
#include <string_view>
#include <vector>

#include "token.hpp"

namespace toon::detail {

/// One entry of a field list in depth-first pre-order. A group's children follow it
/// directly; `subtree_end` is the index one past its last descendant.
struct header_field {
  std::string_view name;
  std::uint32_t subtree_end;
  bool is_group;
};

/// A parsed header.
struct header {
  bool has_key = false;
  std::string_view key;              ///< unescaped key (valid while the header lives)
  std::size_t key_offset = 0;        ///< offset of the key token in the line content
  std::uint64_t length = 0;          ///< N (UINT64_MAX when it exceeds 64 bits)
  std::string_view length_text;      ///< N as written
  bool keyed = false;                ///< `[N:]`
  char delim = ',';                  ///< active delimiter
  std::vector<header_field> fields;    ///< empty when there is no fields segment
  std::uint32_t leaf_count = 0;      ///< number of leaf fields
  std::string_view inline_values;    ///< trimmed content after the colon
  std::size_t inline_offset = 0;     ///< offset of inline_values in the line content
  std::list<std::string> owned;      ///< storage for unescaped quoted names (no allocation when unused)
  bool names_checked = false;        ///< its field names passed the strict check before (header_memo)
};

/// Outcome of header parsing.
enum class header_status : std::uint8_t {
  not_header,  ///< the line is not a header (no unquoted '[', or no unquoted ':' after it)
  ok,          ///< `out` holds the header
  malformed,   ///< a header that breaks §6 (an error in both modes); `err` says why
};

/// Parses `content` (a line's content after indentation, or the part after "- ").
/// Errors in quoted keys/names are reported as malformed with their own codes.
header_status parse_header(std::string_view content, header& out, std::string& scratch, scan_error& err);

/// parse_header with a memo of the last headers it parsed: a line that repeats one of those
/// headers' text up to its colon, apart from the digits of N, is not parsed again (a list of
/// records repeats its nested headers, `items[3]{sku,qty}:` then `items[5]{sku,qty}:`, and
/// nested records several in turn: `clusters[2]:`, `node_pools[3]:`, `labels[2]: ...`). The
/// result is exactly parse_header's. Only headers without quotes before their colon are
/// remembered.
class header_memo {
 public:
  header_status parse(std::string_view content, header& out, std::string& scratch, scan_error& err);
  /// The header the last parse() gave passed the strict check of its field names: a line that
  /// repeats it gets `names_checked` set (its names are the same).
  void names_checked() noexcept {
    if (answered_) entries_[last_].parsed.names_checked = true;
  }

 private:
  struct entry {
    std::string line;  // the remembered header's text up to and including its colon
    header parsed;     // its parse, views into line
    std::size_t digits_begin = 0, digits_end = 0;  // N's digits in line
    bool valid = false;
  };
  // Headers remembered (the oldest is replaced): the nested records of configuration documents
  // cycle through more distinct headers than a few (a Kubernetes Deployment's `ports[N]{...}:`,
  // `env[N]:`, `volumeMounts[N]{...}:`, `resources[N:]{...}:`, ... ten in all), and a cycle
  // longer than the slots misses every time.
  static constexpr std::size_t slots = 16;

  static bool reuse(const entry& m, std::string_view s, header& out);
  bool remember(std::string_view s, const header& h);  // whether it was remembered
  // The first min(8, size) bytes of `s` as a little-endian word, zero-padded.
  static std::uint64_t head_of(std::string_view s) noexcept {
    std::uint64_t w = 0;
    if constexpr (std::endian::native == std::endian::little) {
      if (s.size() >= 8) {
        std::memcpy(&w, s.data(), 8);
        return w;
      }
    }
    for (std::size_t i = std::min<std::size_t>(8, s.size()); i-- > 0;) w = (w << 8) | static_cast<unsigned char>(s[i]);
    return w;
  }

  entry entries_[slots];
  // Per entry, a filter that reuse() would pass: the entry's first bytes (at most 8, not past
  // its digits) and their mask; an empty entry has a mask of 0 and a head of 1 (never equal).
  static_assert(slots == 16, "head_'s initializer lists every slot");
  std::uint64_t head_[slots] = {1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1};
  std::uint64_t mask_[slots] = {};
  std::size_t next_ = 0;  // the entry remember() fills next
  std::size_t last_ = 0;  // the entry that answered or was filled last
  bool answered_ = false;  // the last parse() was answered or remembered by entries_[last_]
};

}  // namespace toon::detail
