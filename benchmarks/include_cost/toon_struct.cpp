// Include cost: <toon/toon.hpp>, one struct encoded to TOON and decoded back (scripts/include-cost.sh).
#include <toon/toon.hpp>

#include "record.hpp"

std::string round_trip(const include_cost_record& r) {
  const std::string text = toon::encode(r);
  toon::result<include_cost_record> back = toon::decode<include_cost_record>(text);
  return back ? toon::encode(*back) : back.error().to_string();
}
