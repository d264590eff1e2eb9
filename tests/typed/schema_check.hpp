// Shared check of the typed-param acceptance property: for an argument type T,
// parse_typed_params(typed_params<T>()) equals schema_of<T>() without its descriptions, the
// text is canonical, and the JSON Schemas of both agree.
#pragma once

#include <gtest/gtest.h>

#include <string>
#include <utility>

#include "toon/json.hpp"
#include "toon/schema.hpp"
#include "toon/typed/schema_of.hpp"

namespace schema_check {

/// The schema without descriptions and without the ranges of fixed-width integer types (the
/// typed-param text carries neither).
inline toon::param_type strip(toon::param_type t);
inline toon::param strip(toon::param p) {
  p.description.clear();
  p.type = strip(std::move(p.type));
  return p;
}
inline toon::param_type strip(toon::param_type t) {
  if (t.constraints.implied_range) t.constraints = {};
  for (auto& f : t.fields) f = strip(std::move(f));
  for (auto& i : t.items) i = strip(std::move(i));
  return t;
}
inline toon::schema strip(toon::schema s) {
  s.description.clear();
  for (auto& p : s.params) p = strip(std::move(p));
  return s;
}

/// Checks the property for T (gtest assertions).
template <class T>
void check_agreement() {
  const toon::schema& derived = toon::schema_of<T>();
  const std::string& text = toon::typed_params<T>();
  toon::result<toon::schema> parsed = toon::parse_typed_params(text);
  ASSERT_TRUE(parsed.has_value()) << text << "\n" << parsed.error().to_string();
  EXPECT_EQ(*parsed, strip(derived)) << text;
  EXPECT_EQ(toon::format_typed_params(*parsed), text);
  EXPECT_EQ(toon::json_schema(strip(derived)), toon::json_schema(*parsed)) << text;
  EXPECT_EQ(toon::json_schema<T>(), toon::json_schema(derived)) << text;
}

}  // namespace schema_check
