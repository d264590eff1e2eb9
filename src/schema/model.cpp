// The typed-params schema model (toon/schema.hpp): factories and equality.
#include <utility>
#include "toon/detail/linkage.hpp"

#include "toon/schema.hpp"

namespace toon {

TOON_FUNC bool param_constraints::empty() const noexcept {
  return !minimum && !maximum && !multiple_of && !min_length && !max_length && !unique_items && format.empty() &&
         !pattern;
}

TOON_FUNC param_type::param_type(param_kind k) : kind(k) {}

TOON_FUNC param_type param_type::array_of(param_type element) {
  param_type t(param_kind::array);
  t.items.push_back(std::move(element));
  return t;
}

TOON_FUNC param_type param_type::any_of(std::vector<param_type> alternatives) {
  param_type t(param_kind::any_of);
  for (param_type& alternative : alternatives) {
    if (alternative.kind == param_kind::any_of && !alternative.exclusive && alternative.constraints.empty()) {
      for (param_type& inner : alternative.items) t.items.push_back(std::move(inner));
    } else {
      t.items.push_back(std::move(alternative));
    }
  }
  return t;
}

TOON_FUNC param_type param_type::one_of(std::vector<param_type> alternatives) {
  param_type t(param_kind::any_of);
  t.items = std::move(alternatives);
  t.exclusive = true;
  return t;
}

TOON_FUNC param_type param_type::enum_of(std::vector<std::string> values) {
  param_type t(param_kind::enumeration);
  t.enum_values = std::move(values);
  return t;
}

TOON_FUNC param_type param_type::object_with(std::vector<param> fields) {
  param_type t(param_kind::object);
  t.fields = std::move(fields);
  t.has_fields = true;
  return t;
}

TOON_FUNC bool operator==(const param_type& a, const param_type& b) {
  return a.kind == b.kind && a.has_fields == b.has_fields && a.exclusive == b.exclusive && a.items == b.items &&
         a.enum_values == b.enum_values && a.fields == b.fields && a.constraints == b.constraints &&
         a.description == b.description;
}

TOON_FUNC bool operator==(const param& a, const param& b) {
  return a.name == b.name && a.required == b.required && a.type == b.type &&
         a.default_value == b.default_value && a.description == b.description;
}

TOON_FUNC bool operator==(const schema& a, const schema& b) {
  return a.params == b.params && a.rest == b.rest && a.description == b.description;
}

}  // namespace toon
