// line_consumer: what a document builder reading lines for another consumer (toon::decode's
// value builder, the JSON writer) hands it (document_builder.hpp, view_input()).
#pragma once

#include "toon/document.hpp"

namespace toon::detail {

/// Receives what a document builder reading lines for another consumer takes, one member or
/// item at a time, as soon as each is read whole.
class line_consumer {
 public:
  /// A member of the object the read fills (`member`), or an item of its list (its value); the
  /// nodes are valid during the call only.
  virtual void take(const node_member& m, bool member) = 0;

 protected:
  ~line_consumer() = default;
};

}  // namespace toon::detail
