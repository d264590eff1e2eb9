// benchmarks/catalog/catalog_50_args.hpp - the argument structs of the 50-tool catalog
// (catalog_50.hpp), one per tool, and the enums and nested objects they share.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <tuple>
#include <vector>

namespace catalog50 {

// ---- shared enums and nested objects ---------------------------------------------------------

enum class sort_order { asc, desc };
enum class file_encoding { utf8, base64 };
enum class http_method { GET, POST, PUT, PATCH, DELETE, HEAD };
enum class issue_state { open, closed, all };
enum class priority { low, medium, high, urgent };
enum class output_format { json, csv, markdown };

struct line_range {
  int start = 1;
  std::optional<int> end;
};

struct pagination {
  int page = 1;
  int per_page = 30;
};

struct date_range {
  std::string from;
  std::string to;
};

// ---- filesystem ------------------------------------------------------------------------------

struct read_file_args {
  std::string path;
  file_encoding encoding = file_encoding::utf8;
  std::optional<line_range> lines;
};

struct write_file_args {
  std::string path;
  std::string content;
  bool create_dirs = false;
  bool overwrite = true;
};

struct text_edit {
  std::string old_text;
  std::string new_text;
};

struct edit_file_args {
  std::string path;
  std::vector<text_edit> edits;
  bool dry_run = false;
};

struct list_directory_args {
  std::string path;
  bool recursive = false;
  int max_depth = 2;
  bool include_hidden = false;
};

enum class search_mode { literal, regex, glob };

struct search_options {
  bool case_sensitive = false;
  int max_results = 100;
  int context_lines = 0;
};

struct search_files_args {
  std::string query;
  std::string path = ".";
  search_mode mode = search_mode::literal;
  std::optional<std::vector<std::string>> include;
  std::optional<std::vector<std::string>> exclude;
  std::optional<search_options> options;
};

struct move_file_args {
  std::string source;
  std::string destination;
  bool overwrite = false;
};

struct delete_file_args {
  std::string path;
  bool recursive = false;
};

struct get_file_info_args {
  std::string path;
  bool follow_symlinks = true;
};

// ---- git -------------------------------------------------------------------------------------

struct git_status_args {
  std::string repo_path;
  bool include_untracked = true;
};

struct git_diff_args {
  std::string repo_path;
  std::optional<std::string> base;
  std::optional<std::string> target;
  std::optional<std::vector<std::string>> paths;
  bool staged = false;
  int context_lines = 3;
};

struct git_author {
  std::string name;
  std::string email;
};

struct git_commit_args {
  std::string repo_path;
  std::string message;
  std::optional<std::vector<std::string>> files;
  bool all = false;
  bool amend = false;
  std::optional<git_author> author;
};

struct git_log_args {
  std::string repo_path;
  int max_count = 20;
  std::optional<std::string> since;
  std::optional<std::string> author;
  std::optional<std::string> path;
  bool oneline = true;
};

enum class branch_action { list, create, delete_branch, rename };

struct git_branch_args {
  std::string repo_path;
  branch_action action = branch_action::list;
  std::optional<std::string> name;
  std::optional<std::string> new_name;
  std::optional<std::string> start_point;
};

struct git_checkout_args {
  std::string repo_path;
  std::string ref;
  bool create = false;
};

struct git_push_args {
  std::string repo_path;
  std::string remote = "origin";
  std::optional<std::string> branch;
  bool force_with_lease = false;
  bool set_upstream = false;
};

// ---- web -------------------------------------------------------------------------------------

struct http_request_args {
  std::string url;
  http_method method = http_method::GET;
  std::optional<std::map<std::string, std::string>> headers;
  std::optional<std::string> body;
  int timeout_ms = 30000;
  bool follow_redirects = true;
};

enum class page_format { markdown, text, html };

struct fetch_url_args {
  std::string url;
  page_format format = page_format::markdown;
  int max_length = 20000;
  int start_index = 0;
};

enum class safe_search { off, moderate, strict };

struct web_search_args {
  std::string query;
  int count = 10;
  std::optional<std::string> country;
  std::optional<std::string> freshness;
  safe_search safesearch = safe_search::moderate;
};

struct download_file_args {
  std::string url;
  std::string destination;
  std::optional<std::string> sha256;
};

// ---- database --------------------------------------------------------------------------------

struct sql_query_args {
  std::string database;
  std::string sql;
  std::optional<std::vector<std::string>> params;
  int max_rows = 1000;
  bool read_only = true;
};

struct list_tables_args {
  std::string database;
  std::optional<std::string> schema_name;
  std::optional<std::string> pattern;
};

struct describe_table_args {
  std::string database;
  std::string table;
  bool include_indexes = true;
};

struct insert_rows_args {
  std::string database;
  std::string table;
  std::vector<std::map<std::string, std::string>> rows;
  bool upsert = false;
};

struct export_query_args {
  std::string database;
  std::string sql;
  output_format format = output_format::csv;
  std::string destination;
};

// ---- issue tracker ---------------------------------------------------------------------------

struct create_issue_args {
  std::string repo;
  std::string title;
  std::optional<std::string> body;
  std::optional<std::vector<std::string>> labels;
  std::optional<std::vector<std::string>> assignees;
  std::optional<int> milestone;
  priority prio = priority::medium;
};

struct update_issue_args {
  std::string repo;
  int number = 0;
  std::optional<std::string> title;
  std::optional<std::string> body;
  std::optional<issue_state> state;
  std::optional<std::vector<std::string>> labels;
  std::optional<std::vector<std::string>> assignees;
};

enum class issue_sort { created, updated, comments };

struct search_issues_args {
  std::string query;
  std::optional<std::string> repo;
  issue_state state = issue_state::open;
  std::optional<std::vector<std::string>> labels;
  issue_sort sort = issue_sort::updated;
  sort_order order = sort_order::desc;
  std::optional<pagination> page;
};

struct get_issue_args {
  std::string repo;
  int number = 0;
  bool include_comments = false;
};

struct add_comment_args {
  std::string repo;
  int number = 0;
  std::string body;
};

struct list_pull_requests_args {
  std::string repo;
  issue_state state = issue_state::open;
  std::optional<std::string> base;
  std::optional<std::string> head;
  std::optional<pagination> page;
};

struct create_pull_request_args {
  std::string repo;
  std::string title;
  std::string head;
  std::string base;
  std::optional<std::string> body;
  bool draft = false;
  std::optional<std::vector<std::string>> reviewers;
};

enum class merge_method { merge, squash, rebase };

struct merge_pull_request_args {
  std::string repo;
  int number = 0;
  merge_method method = merge_method::merge;
  std::optional<std::string> commit_title;
  bool delete_branch = false;
};

// ---- calendar and email ----------------------------------------------------------------------

struct list_events_args {
  std::string calendar_id = "primary";
  date_range range;
  int max_results = 50;
  std::optional<std::string> query;
};

struct attendee {
  std::string email;
  bool optional = false;
};

struct reminder {
  enum class method { popup, email };
  method via = method::popup;
  int minutes_before = 10;
};

struct create_event_args {
  std::string calendar_id = "primary";
  std::string summary;
  std::string start;
  std::string end;
  std::optional<std::string> location;
  std::optional<std::string> description;
  std::optional<std::vector<attendee>> attendees;
  std::optional<std::vector<reminder>> reminders;
  std::optional<std::string> time_zone;
};

struct find_free_time_args {
  std::vector<std::string> attendees;
  date_range range;
  int duration_minutes = 30;
  std::optional<std::string> working_hours_start;
  std::optional<std::string> working_hours_end;
};

struct email_attachment {
  std::string filename;
  std::string content_base64;
  std::string mime_type = "application/octet-stream";
};

struct send_email_args {
  std::vector<std::string> to;
  std::optional<std::vector<std::string>> cc;
  std::optional<std::vector<std::string>> bcc;
  std::string subject;
  std::string body;
  bool html = false;
  std::optional<std::vector<email_attachment>> attachments;
};

struct search_email_args {
  std::string query;
  std::optional<std::string> folder;
  bool unread_only = false;
  int max_results = 25;
  std::optional<date_range> received;
};

struct read_email_args {
  std::string message_id;
  bool include_attachments = false;
  page_format format = page_format::text;
};

struct draft_reply_args {
  std::string message_id;
  std::string body;
  bool reply_all = false;
};

// ---- shell -----------------------------------------------------------------------------------

struct run_command_args {
  std::string command;
  std::optional<std::vector<std::string>> args;
  std::optional<std::string> cwd;
  std::optional<std::map<std::string, std::string>> env;
  int timeout_seconds = 60;
  std::optional<std::string> stdin_text;
};

struct list_processes_args {
  std::optional<std::string> name_filter;
  std::optional<std::string> user;
  int limit = 50;
};

enum class kill_signal { TERM, KILL, INT, HUP };

struct kill_process_args {
  std::int64_t pid = 0;
  kill_signal signal = kill_signal::TERM;
};

struct get_env_args {
  std::vector<std::string> names;
};

// ---- chat ------------------------------------------------------------------------------------

struct post_message_args {
  std::string channel;
  std::string text;
  std::optional<std::string> thread_ts;
  bool unfurl_links = true;
};

struct list_channels_args {
  bool include_private = false;
  bool exclude_archived = true;
  int limit = 100;
  std::optional<std::string> cursor;
};

struct search_messages_args {
  std::string query;
  std::optional<std::string> channel;
  std::optional<date_range> range;
  int count = 20;
};

// ---- cluster ---------------------------------------------------------------------------------

struct list_pods_args {
  std::string namespace_name = "default";
  std::optional<std::string> label_selector;
  std::optional<std::string> field_selector;
};

struct get_logs_args {
  std::string pod;
  std::string namespace_name = "default";
  std::optional<std::string> container;
  int tail_lines = 200;
  std::optional<int> since_seconds;
  bool previous = false;
};

struct scale_deployment_args {
  std::string deployment;
  std::string namespace_name = "default";
  int replicas = 0;
};

struct apply_manifest_args {
  std::string manifest;
  std::optional<std::string> namespace_name;
  bool dry_run = false;
  bool server_side = false;
};

/// The 50 argument types, in registration order.
using all_args = std::tuple<
    read_file_args, write_file_args, edit_file_args, list_directory_args, search_files_args, move_file_args,
    delete_file_args, get_file_info_args,                                                        // fs: 8
    git_status_args, git_diff_args, git_commit_args, git_log_args, git_branch_args, git_checkout_args,
    git_push_args,                                                                               // git: 7
    http_request_args, fetch_url_args, web_search_args, download_file_args,                      // web: 4
    sql_query_args, list_tables_args, describe_table_args, insert_rows_args, export_query_args,  // db: 5
    create_issue_args, update_issue_args, search_issues_args, get_issue_args, add_comment_args,
    list_pull_requests_args, create_pull_request_args, merge_pull_request_args,                  // issues: 8
    list_events_args, create_event_args, find_free_time_args, send_email_args, search_email_args,
    read_email_args, draft_reply_args,                                                           // calendar/mail: 7
    run_command_args, list_processes_args, kill_process_args, get_env_args,                      // shell: 4
    post_message_args, list_channels_args, search_messages_args,                                 // chat: 3
    list_pods_args, get_logs_args, scale_deployment_args, apply_manifest_args>;                  // cluster: 4

}  // namespace catalog50
