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

}  // namespace toon::detail
