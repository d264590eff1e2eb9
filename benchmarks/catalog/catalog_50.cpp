// toon_catalog_50 OUTPUT_DIR: writes the 50-tool catalog of catalog_50.hpp in every form the
// token benchmark compares (benchmarks/catalog/tokens.sh, docs/benchmarks.md):
//   tools_list.json          MCP tools/list result, compact JSON (as sent on the wire)
//   tools_list.pretty.json   the same, pretty-printed with a 2-space indent
//   tools_list.nodesc.json   compact, without parameter descriptions (what the TOON table carries)
//   tools.toon               the TOON tools table of all tools
//   categories.toon          the TOON category summary
//   category_<name>.toon     the TOON tools table of one category, for each category
#include <filesystem>
#include <fstream>
#include <iostream>
#include <string>
#include <utility>

#include "catalog_50.hpp"
#include "toon/json.hpp"

namespace {

toon::param_type without_descriptions(toon::param_type t);

toon::param without_descriptions(toon::param p) {
  p.description.clear();
  p.type = without_descriptions(std::move(p.type));
  return p;
}

toon::param_type without_descriptions(toon::param_type t) {
  for (toon::param& f : t.fields) f = without_descriptions(std::move(f));
  for (toon::param_type& i : t.items) i = without_descriptions(std::move(i));
  return t;
}

bool write(const std::filesystem::path& path, const std::string& text) {
  std::ofstream out(path, std::ios::binary);
  out << text << '\n';
  out.close();
  if (!out) {
    std::cerr << "toon_catalog_50: cannot write " << path << '\n';
    return false;
  }
  return true;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::cerr << "usage: toon_catalog_50 OUTPUT_DIR\n";
    return 2;
  }
  std::filesystem::path dir(argv[1]);
  std::filesystem::create_directories(dir);
  toon::tool_catalog cat = catalog50::make_catalog();

  toon::value list = cat.mcp_tools_list();
  toon::json_options pretty;
  pretty.indent = 2;

  // The same list with the parameter descriptions left out (the tool descriptions stay).
  toon::array bare;
  for (const toon::tool& t : cat.tools()) {
    toon::schema s = t.args_schema;
    s.description.clear();
    for (toon::param& p : s.params) p = without_descriptions(std::move(p));
    bare.push_back(toon::object{{"name", t.name}, {"description", t.description}, {"inputSchema", toon::json_schema(s)}});
  }

  bool ok = write(dir / "tools_list.json", toon::to_json(list)) &&
            write(dir / "tools_list.pretty.json", toon::to_json(list, pretty)) &&
            write(dir / "tools_list.nodesc.json", toon::to_json(toon::object{{"tools", std::move(bare)}})) &&
            write(dir / "tools.toon", cat.tools_table()) && write(dir / "categories.toon", cat.categories_table());
  for (const toon::tool_category& c : cat.categories())
    ok = ok && write(dir / ("category_" + c.name + ".toon"), cat.tools_table(c.name));
  if (!ok) return 1;
  std::cout << cat.tools().size() << " tools in " << cat.categories().size() << " categories written to " << dir.string() << '\n';
  return 0;
}
