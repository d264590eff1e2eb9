// omit.cpp - encode_options::omit_null and omit_empty: the pass that leaves out object members
// before a toon::value is encoded (see omit_pass.hpp).
//
// The pass runs bottom-up: a member's own members are dealt with first, so that under
// omit_empty an object whose members are all left out is itself empty, and left out. The
// encoder then chooses forms on the result as on any value (rows that lost different members
// are not uniform, and are written as a list). The pass runs only when an option is on; the
// encoder tests them once per call.
#include <cmath>
#include "toon/detail/linkage.hpp"
#include <cstddef>
#include <utility>

#include "copy_on_write.hpp"
#include "omit_pass.hpp"

namespace toon::detail {

namespace {

class omitter {
 public:
  explicit omitter(omit_rules rules) noexcept : rules_(rules) {}

  // True when a member whose (already pruned) value is `v` is left out.
  [[nodiscard]] bool omitted(const value& v) const noexcept {
    switch (v.type()) {
      case value::kind::null: return rules_.null;
      case value::kind::real: return rules_.null && !std::isfinite(v.as_double());  // written null
      case value::kind::array: return rules_.empty && v.as_array().empty();
      case value::kind::object: return rules_.empty && v.as_object().empty();
      default: return false;
    }
  }

  // Prunes inside `v` (not owned). False when nothing changes; else `out` is the new value.
  bool prune(const value& v, value& out) {
    if (const object* o = v.get_if<object>()) return members(*o, out);
    if (const array* a = v.get_if<array>()) return elements(*a, out);
    return false;
  }

  // Prunes inside `v` (owned), in place.
  void prune_in_place(value& v) {
    if (object* o = v.get_if<object>()) {
      bool any = false;
      for (member& m : *o) {
        prune_in_place(m.value);
        any = any || omitted(m.value);
      }
      if (!any) return;
      object kept;
      kept.reserve(o->size());
      for (member& m : *o)
        if (!omitted(m.value)) kept.emplace_back(std::move(m.key), std::move(m.value));
      *o = std::move(kept);
    } else if (array* a = v.get_if<array>()) {
      for (value& element : *a) prune_in_place(element);
    }
  }

 private:
  bool members(const object& o, value& out) {
    return rebuild_members(o, out, [&](const member& m, value& next) {
      const bool changed = prune(m.value, next);
      if (omitted(changed ? next : m.value)) return child_fate::omitted;
      return changed ? child_fate::changed : child_fate::unchanged;
    });
  }

  bool elements(const array& a, value& out) {
    return rebuild_elements(a, out, [&](std::size_t, const value& element, value& next) {
      return prune(element, next) ? child_fate::changed : child_fate::unchanged;
    });
  }

  omit_rules rules_;
};

}  // namespace

TOON_FUNC bool apply_omit(const value& root, omit_rules rules, value& out) { return omitter(rules).prune(root, out); }

TOON_FUNC void apply_omit_in_place(value& root, omit_rules rules) { omitter(rules).prune_in_place(root); }

}  // namespace toon::detail
