// Edit distance and "did you mean" suggestions for short names (internal): unknown tool
// names (tools_dispatch.cpp), unknown fields and enumerators (typed_decoder.cpp).
#pragma once

#include <algorithm>
#include <cstddef>
#include <string_view>
#include <vector>

namespace toon::detail {

/// Edit distance of two short names (bytes): insertions, deletions, substitutions and swaps of
/// two adjacent bytes ("prot" is one edit from "port"), each counting 1 (optimal string alignment).
inline std::size_t edit_distance(std::string_view a, std::string_view b) {
  const std::size_t m = b.size() + 1;
  std::vector<std::size_t> rows(3 * m);  // rows i-2, i-1 and i, in turn
  for (std::size_t j = 0; j < m; ++j) rows[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    std::size_t* row = &rows[(i % 3) * m];
    const std::size_t* prev = &rows[((i + 2) % 3) * m];
    const std::size_t* prev2 = &rows[((i + 1) % 3) * m];
    row[0] = i;
    for (std::size_t j = 1; j < m; ++j) {
      std::size_t d = std::min({prev[j] + 1, row[j - 1] + 1, prev[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)});
      if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1]) d = std::min(d, prev2[j - 2] + 1);
      row[j] = d;
    }
  }
  return rows[(a.size() % 3) * m + b.size()];
}

/// The index of the candidate closest to `name` when it is close (at most a third of the
/// name's bytes differ), else `count`. `name_of(i)` gives candidate i.
template <class NameOf>
std::size_t closest_name(std::string_view name, std::size_t count, NameOf&& name_of) {
  std::size_t best = name.size() / 3 + 1;
  std::size_t found = count;
  if (name.size() > 256) return count;
  for (std::size_t i = 0; i < count; ++i) {
    const std::size_t d = edit_distance(name, name_of(i));
    if (d < best) {
      best = d;
      found = i;
    }
  }
  return found;
}

}  // namespace toon::detail
