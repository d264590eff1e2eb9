// toon/detail/value_events.hpp - a toon::value sent as decoder events (detail: not a stable API).
#pragma once

#include <cstddef>

#include "toon/events.hpp"
#include "toon/value.hpp"

namespace toon::detail {

/// Sends `v` to `handler` as the events decode_events() would produce for the same data
/// (objects in member order). Every event carries `offset`. Iterative: any depth is safe.
/// Returns false as soon as the handler returns false.
bool replay(const value& v, event_handler& handler, std::size_t offset = 0);

/// Sets `v` to the decoded primitive `c` (strings and big integers built in place).
void assign(value& v, const scalar& c);

/// How many elements a declared length may reserve when decoding `input_size` bytes: hostile
/// `[999999999]` headers are capped by the input (an element takes a few bytes of it), and
/// never below 4096.
constexpr std::size_t reserve_limit(std::size_t input_size) noexcept {
  return input_size / 4 > 4096 ? input_size / 4 : 4096;
}

}  // namespace toon::detail
