// benchmarks/catalog/catalog_50.hpp - a realistic 50-tool catalog, modelled on the tool sets of
// common MCP servers (filesystem, git, web, database, issue tracker, calendar and email, shell,
// chat, cluster), for the token benchmark of docs/benchmarks.md and for tests.
//
// Every tool has an argument struct with a description per field (as real servers have; they
// go into the JSON Schema only: the typed-param text has none), enums, optionals, defaults,
// arrays and nested objects. The handlers only say that they are not implemented.
//
//   toon::tool_catalog cat = catalog50::make_catalog();
//   catalog50::all_args   // std::tuple of the 50 argument types, in registration order
#pragma once

#include <string>
#include <string_view>

#include "catalog_50_args.hpp"
#include "catalog_50_meta.hpp"
#include "toon/tools.hpp"

namespace catalog50 {

/// Registers tool `name` with a handler that reports that it is not implemented.
template <class Args>
void add_stub(toon::tool_catalog& cat, std::string_view name, std::string_view description, std::string_view category) {
  cat.add<Args>(name, description, category, [tool_name = std::string(name)](const Args&) -> toon::result<std::string> {
    toon::error e;
    e.code = toon::error_code::io_error;
    e.message = tool_name + " is not implemented in the benchmark catalog";
    return e;
  });
}

/// The 50-tool catalog: 9 categories, tools in the order of all_args.
inline toon::tool_catalog make_catalog() {
  toon::tool_catalog c;
  c.add_category("fs", "Read, write, edit, search and manage files and directories");
  c.add_category("git", "Inspect and change local git repositories");
  c.add_category("web", "HTTP requests, web pages and web search");
  c.add_category("db", "Query and change SQL databases");
  c.add_category("issues", "Issues and pull requests of the code host");
  c.add_category("calendar", "Calendar events and email");
  c.add_category("shell", "Run commands and manage processes");
  c.add_category("chat", "Team chat channels and messages");
  c.add_category("cluster", "Kubernetes workloads and logs");

  add_stub<read_file_args>(c, "read_file", "Read a file, or a range of its lines", "fs");
  add_stub<write_file_args>(c, "write_file", "Create or overwrite a file", "fs");
  add_stub<edit_file_args>(c, "edit_file", "Replace exact text in a file and return the diff", "fs");
  add_stub<list_directory_args>(c, "list_directory", "List the entries of a directory with sizes and types", "fs");
  add_stub<search_files_args>(c, "search_files", "Search file contents under a directory", "fs");
  add_stub<move_file_args>(c, "move_file", "Move or rename a file or directory", "fs");
  add_stub<delete_file_args>(c, "delete_file", "Delete a file or directory", "fs");
  add_stub<get_file_info_args>(c, "get_file_info", "Size, type, permissions and times of a file", "fs");

  add_stub<git_status_args>(c, "git_status", "Show the working tree status", "git");
  add_stub<git_diff_args>(c, "git_diff", "Show changes between commits, the index and the working tree", "git");
  add_stub<git_commit_args>(c, "git_commit", "Record staged changes as a commit", "git");
  add_stub<git_log_args>(c, "git_log", "Show the commit history", "git");
  add_stub<git_branch_args>(c, "git_branch", "List, create, delete or rename branches", "git");
  add_stub<git_checkout_args>(c, "git_checkout", "Switch to a branch, tag or commit", "git");
  add_stub<git_push_args>(c, "git_push", "Push commits to a remote", "git");

  add_stub<http_request_args>(c, "http_request", "Send an HTTP request and return status, headers and body", "web");
  add_stub<fetch_url_args>(c, "fetch_url", "Fetch a web page as Markdown or text", "web");
  add_stub<web_search_args>(c, "web_search", "Search the web", "web");
  add_stub<download_file_args>(c, "download_file", "Download a file to disk", "web");

  add_stub<sql_query_args>(c, "sql_query", "Run a SQL query and return the rows", "db");
  add_stub<list_tables_args>(c, "list_tables", "List the tables of a database", "db");
  add_stub<describe_table_args>(c, "describe_table", "Columns, types, keys and indexes of a table", "db");
  add_stub<insert_rows_args>(c, "insert_rows", "Insert rows into a table", "db");
  add_stub<export_query_args>(c, "export_query", "Export the result of a query to a file", "db");

  add_stub<create_issue_args>(c, "create_issue", "Open a new issue", "issues");
  add_stub<update_issue_args>(c, "update_issue", "Change the title, body, state, labels or assignees of an issue", "issues");
  add_stub<search_issues_args>(c, "search_issues", "Search issues and pull requests", "issues");
  add_stub<get_issue_args>(c, "get_issue", "Get an issue with its details", "issues");
  add_stub<add_comment_args>(c, "add_comment", "Comment on an issue or pull request", "issues");
  add_stub<list_pull_requests_args>(c, "list_pull_requests", "List the pull requests of a repository", "issues");
  add_stub<create_pull_request_args>(c, "create_pull_request", "Open a pull request", "issues");
  add_stub<merge_pull_request_args>(c, "merge_pull_request", "Merge a pull request", "issues");

  add_stub<list_events_args>(c, "list_events", "List calendar events in a time window", "calendar");
  add_stub<create_event_args>(c, "create_event", "Create a calendar event and invite attendees", "calendar");
  add_stub<find_free_time_args>(c, "find_free_time", "Find time slots when all attendees are free", "calendar");
  add_stub<send_email_args>(c, "send_email", "Send an email", "calendar");
  add_stub<search_email_args>(c, "search_email", "Search the mailbox", "calendar");
  add_stub<read_email_args>(c, "read_email", "Read one email", "calendar");
  add_stub<draft_reply_args>(c, "draft_reply", "Save a reply to an email as a draft", "calendar");

  add_stub<run_command_args>(c, "run_command", "Run a command and return its exit code and output", "shell");
  add_stub<list_processes_args>(c, "list_processes", "List running processes", "shell");
  add_stub<kill_process_args>(c, "kill_process", "Send a signal to a process", "shell");
  add_stub<get_env_args>(c, "get_env", "Read environment variables", "shell");

  add_stub<post_message_args>(c, "post_message", "Post a message to a channel or thread", "chat");
  add_stub<list_channels_args>(c, "list_channels", "List chat channels", "chat");
  add_stub<search_messages_args>(c, "search_messages", "Search chat messages", "chat");

  add_stub<list_pods_args>(c, "list_pods", "List pods with their status", "cluster");
  add_stub<get_logs_args>(c, "get_logs", "Read the logs of a pod", "cluster");
  add_stub<scale_deployment_args>(c, "scale_deployment", "Set the replica count of a deployment", "cluster");
  add_stub<apply_manifest_args>(c, "apply_manifest", "Create or update objects from a manifest", "cluster");
  return c;
}

}  // namespace catalog50
