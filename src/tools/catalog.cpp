// tool_catalog: registration of categories and tools, and lookup.
#include <cstddef>
#include "toon/detail/linkage.hpp"
#include <string>
#include <string_view>
#include <utility>

#include "toon/tools/catalog.hpp"

namespace toon {

namespace {

error registration_error(error_code code, std::string message) {
  error e;
  e.code = code;
  e.message = std::move(message);
  return e;
}

}  // namespace

TOON_FUNC result<void> tool_catalog::try_add_category(std::string_view name, std::string_view description) {
  if (name.empty()) return registration_error(error_code::invalid_schema, "empty category name");
  if (find_category(name) != nullptr)
    return registration_error(error_code::duplicate_key, "duplicate category \"" + std::string(name) + "\"");
  categories_.push_back(tool_category{std::string(name), std::string(description)});
  return {};
}

TOON_FUNC tool_catalog& tool_catalog::add_category(std::string_view name, std::string_view description) {
  try_add_category(name, description).value();
  return *this;
}

TOON_FUNC result<void> tool_catalog::try_add_tool(tool t) {
  if (t.name.empty()) return registration_error(error_code::invalid_schema, "empty tool name");
  if (find(t.name) != nullptr)
    return registration_error(error_code::duplicate_key, "duplicate tool \"" + t.name + "\"");
  if (!t.category.empty() && find_category(t.category) == nullptr) {
    std::string message = "tool \"" + t.name + "\": unknown category \"" + t.category + "\" (";
    if (categories_.empty()) {
      message += "no categories are registered";
    } else {
      message += "registered: ";
      for (std::size_t i = 0; i < categories_.size(); ++i) {
        if (i > 0) message += ", ";
        message += categories_[i].name;
      }
    }
    message += ')';
    return registration_error(error_code::invalid_schema, std::move(message));
  }
  if (!t.handler) return registration_error(error_code::invalid_schema, "tool \"" + t.name + "\": no handler");
  tools_.push_back(std::move(t));
  return {};
}

TOON_FUNC tool_catalog& tool_catalog::add_tool(tool t) {
  try_add_tool(std::move(t)).value();
  return *this;
}

TOON_FUNC const tool* tool_catalog::find(std::string_view name) const noexcept {
  for (const tool& t : tools_)
    if (t.name == name) return &t;
  return nullptr;
}

TOON_FUNC const tool_category* tool_catalog::find_category(std::string_view name) const noexcept {
  for (const tool_category& c : categories_)
    if (c.name == name) return &c;
  return nullptr;
}

TOON_FUNC std::size_t tool_catalog::tool_count(std::string_view category) const noexcept {
  std::size_t n = 0;
  for (const tool& t : tools_) n += t.category == category ? 1 : 0;
  return n;
}

}  // namespace toon
