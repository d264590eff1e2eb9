// Copy-on-write walks over the members or elements of a value a pass does not own (the
// replacer and omit passes): nothing is copied until a child changes or is left out.
#pragma once

#include <cstddef>
#include <utility>

#include "toon/value.hpp"

namespace toon::detail {

/// What a pass decides for one member or element.
enum class child_fate : unsigned char { unchanged, changed, omitted };

/// Calls `decide(member, next)` for each member of `o`; it returns the member's fate and, for
/// `changed`, its new value in `next`. Returns false when every member is unchanged; otherwise
/// sets `out` to the object with the changes.
template <class Decide>
bool rebuild_members(const object& o, value& out, Decide&& decide) {
  object copy;
  bool copying = false;
  for (auto it = o.begin(); it != o.end(); ++it) {
    value next;
    const child_fate f = decide(*it, next);
    if (f != child_fate::unchanged && !copying) {  // the first change: copy the members before it
      copying = true;
      copy.reserve(o.size());
      for (auto before = o.begin(); before != it; ++before) copy.emplace_back(before->key, before->value);
    }
    if (!copying || f == child_fate::omitted) continue;
    if (f == child_fate::changed) copy.emplace_back(it->key, std::move(next));
    else copy.emplace_back(it->key, it->value);
  }
  if (!copying) return false;
  out = std::move(copy);
  return true;
}

/// The same for the elements of `a`: `decide(index, element, next)`.
template <class Decide>
bool rebuild_elements(const array& a, value& out, Decide&& decide) {
  array copy;
  bool copying = false;
  for (std::size_t i = 0; i < a.size(); ++i) {
    value next;
    const child_fate f = decide(i, a[i], next);
    if (f != child_fate::unchanged && !copying) {  // the first change: copy the elements before it
      copying = true;
      copy.reserve(a.size());
      copy.assign(a.begin(), a.begin() + static_cast<std::ptrdiff_t>(i));
    }
    if (!copying || f == child_fate::omitted) continue;
    if (f == child_fate::changed) copy.push_back(std::move(next));
    else copy.push_back(a[i]);
  }
  if (!copying) return false;
  out = std::move(copy);
  return true;
}

}  // namespace toon::detail
