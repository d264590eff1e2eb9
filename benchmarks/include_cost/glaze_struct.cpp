// Include cost: glaze, the same struct to JSON text and back (scripts/include-cost.sh; measured
// only where <glaze/glaze.hpp> is installed).
#include <glaze/glaze.hpp>

#include "record.hpp"

std::string round_trip(const include_cost_record& r) {
  std::string text = glz::write_json(r).value_or("");
  include_cost_record back{};
  if (glz::read_json(back, text)) return "error";
  return glz::write_json(back).value_or("");
}
