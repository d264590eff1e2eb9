// key_index_stack: finds a repeated key among an open object's members in amortized constant
// time, for the builders of non-strict decoding (a repeated key's last value wins, at its first
// position). A linear scan of 10^5 members for every key took minutes.
#pragma once

#include <cstddef>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace toon::detail {

/// std::hash of string_view for maps with std::string keys looked up by std::string_view.
struct transparent_string_hash {
  using is_transparent = void;
  std::size_t operator()(std::string_view s) const noexcept { return std::hash<std::string_view>{}(s); }
};

/// Key -> position of a member in its object, looked up without building a std::string.
using key_position_map = std::unordered_map<std::string, std::size_t, transparent_string_hash, std::equal_to<>>;

/// One hash index of keys per nesting level, built once the object open at that level reaches
/// `linear_limit` members (below that a linear scan is faster), and dropped when the next
/// object opens there.
class key_index_stack {
 public:
  /// Objects with fewer members are scanned.
  static constexpr std::size_t linear_limit = 32;
  /// find(): no such key.
  static constexpr std::size_t npos = static_cast<std::size_t>(-1);

  /// A new object opens at `level`.
  void open(std::size_t level) {
    if (level < levels_.size()) levels_[level].reset();
  }

  /// The position of `k` among the `count` keys of the object open at `level` (key_at(i) for
  /// i < count), or npos.
  template <class KeyAt>
  std::size_t find(std::size_t level, std::string_view k, std::size_t count, KeyAt&& key_at) {
    if (count < linear_limit) {
      for (std::size_t i = 0; i < count; ++i)
        if (key_at(i) == k) return i;
      return npos;
    }
    if (level >= levels_.size()) levels_.resize(level + 1);
    std::unique_ptr<key_position_map>& m = levels_[level];
    if (!m) {
      m = std::make_unique<key_position_map>();
      m->reserve(2 * count);
      for (std::size_t i = 0; i < count; ++i) m->try_emplace(std::string(key_at(i)), i);
    }
    auto it = m->find(k);
    return it == m->end() ? npos : it->second;
  }

  /// Records the new key `k` at position `at` of the object open at `level` (after find()).
  void added(std::size_t level, std::string_view k, std::size_t at) {
    if (level < levels_.size() && levels_[level]) levels_[level]->try_emplace(std::string(k), at);
  }

 private:
  std::vector<std::unique_ptr<key_position_map>> levels_;
};

}  // namespace toon::detail
