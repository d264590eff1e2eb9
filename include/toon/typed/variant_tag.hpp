// toon/typed/variant_tag.hpp - the tag that marks an object alternative of a std::variant.
//
// An object alternative Alt is written as an object whose first field is `tag_key: tag`;
// decoding reads that field to choose the alternative. Shared by the encoder, the decoder
// and the schema derivation so that all three agree.
#pragma once

#include <string_view>

#include "toon/meta.hpp"
#include "toon/reflect/type_name.hpp"

namespace toon::detail {

/// The tag field name of object alternative Alt: meta<Alt>::tag_key, default "type".
template <class Alt>
constexpr std::string_view tag_key_of() noexcept {
  if constexpr (has_meta_tag_key<Alt>) return meta<Alt>::tag_key;
  else return "type";
}

/// The tag of object alternative Alt: meta<Alt>::tag, default its unqualified type name.
template <class Alt>
constexpr std::string_view tag_of() noexcept {
  if constexpr (has_meta_tag<Alt>) return meta<Alt>::tag;
  else return reflect::type_name_v<Alt>;
}

}  // namespace toon::detail
