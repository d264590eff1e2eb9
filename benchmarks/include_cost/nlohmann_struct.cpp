// Include cost: nlohmann/json, the same struct to JSON text and back (scripts/include-cost.sh).
#include <nlohmann/json.hpp>

#include "record.hpp"

NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE(include_cost_record, id, name, active, score, tags)

std::string round_trip(const include_cost_record& r) {
  const std::string text = nlohmann::json(r).dump();
  const include_cost_record back = nlohmann::json::parse(text).get<include_cost_record>();
  return nlohmann::json(back).dump();
}
