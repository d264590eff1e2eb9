// benchmarks/catalog/catalog_50_meta.hpp - descriptions, defaults and renamings (toon::meta) of
// the argument structs of the 50-tool catalog (catalog_50.hpp).
#pragma once

#include <string_view>

#include "catalog_50_args.hpp"
#include "toon/meta.hpp"

namespace toon {

template <> struct meta<catalog50::line_range> {
  static constexpr std::string_view defaulted[] = {"start"};
  static constexpr field_description field_descriptions[] = {{"start", "First line, 1-based"}, {"end", "Last line, inclusive; default: end of file"}};
};
template <> struct meta<catalog50::pagination> {
  static constexpr std::string_view defaulted[] = {"page", "per_page"};
  static constexpr field_description field_descriptions[] = {{"page", "Page number, 1-based"}, {"per_page", "Results per page (max 100)"}};
};
template <> struct meta<catalog50::date_range> {
  static constexpr field_description field_descriptions[] = {{"from", "Start, ISO 8601 date-time"}, {"to", "End, ISO 8601 date-time"}};
};

template <> struct meta<catalog50::read_file_args> {
  static constexpr std::string_view defaulted[] = {"encoding"};
  static constexpr field_description field_descriptions[] = {
      {"path", "Absolute or workspace-relative path of the file"},
      {"encoding", "utf8 for text files, base64 for binary files"},
      {"lines", "Only this range of lines"}};
};
template <> struct meta<catalog50::write_file_args> {
  static constexpr std::string_view defaulted[] = {"create_dirs", "overwrite"};
  static constexpr field_description field_descriptions[] = {
      {"path", "Path of the file to write"},
      {"content", "Full new content of the file"},
      {"create_dirs", "Create missing parent directories"},
      {"overwrite", "Replace the file if it exists"}};
};
template <> struct meta<catalog50::text_edit> {
  static constexpr field_description field_descriptions[] = {
      {"old_text", "Exact text to replace; must occur exactly once"}, {"new_text", "Replacement text"}};
};
template <> struct meta<catalog50::edit_file_args> {
  static constexpr std::string_view defaulted[] = {"dry_run"};
  static constexpr field_description field_descriptions[] = {
      {"path", "Path of the file to edit"},
      {"edits", "Edits applied in order"},
      {"dry_run", "Return the diff without writing"}};
};
template <> struct meta<catalog50::list_directory_args> {
  static constexpr std::string_view defaulted[] = {"recursive", "max_depth", "include_hidden"};
  static constexpr field_description field_descriptions[] = {
      {"path", "Directory to list"},
      {"recursive", "Descend into subdirectories"},
      {"max_depth", "Maximum depth when recursive"},
      {"include_hidden", "Include entries whose name starts with a dot"}};
};
template <> struct meta<catalog50::search_options> {
  static constexpr std::string_view defaulted[] = {"case_sensitive", "max_results", "context_lines"};
  static constexpr field_description field_descriptions[] = {
      {"case_sensitive", "Match case exactly"},
      {"max_results", "Stop after this many matches"},
      {"context_lines", "Lines of context around each match"}};
};
template <> struct meta<catalog50::search_files_args> {
  static constexpr std::string_view defaulted[] = {"path", "mode"};
  static constexpr field_description field_descriptions[] = {
      {"query", "Text, regular expression or glob to find"},
      {"path", "Directory to search in"},
      {"mode", "How the query is matched"},
      {"include", "Glob patterns of files to search, e.g. *.cpp"},
      {"exclude", "Glob patterns of files to skip"},
      {"options", "Matching options"}};
};
template <> struct meta<catalog50::move_file_args> {
  static constexpr std::string_view defaulted[] = {"overwrite"};
  static constexpr field_description field_descriptions[] = {
      {"source", "Path to move"}, {"destination", "New path"}, {"overwrite", "Replace an existing destination"}};
};
template <> struct meta<catalog50::delete_file_args> {
  static constexpr std::string_view defaulted[] = {"recursive"};
  static constexpr field_description field_descriptions[] = {
      {"path", "File or directory to delete"}, {"recursive", "Delete a non-empty directory with its contents"}};
};
template <> struct meta<catalog50::get_file_info_args> {
  static constexpr std::string_view defaulted[] = {"follow_symlinks"};
  static constexpr field_description field_descriptions[] = {
      {"path", "File or directory"}, {"follow_symlinks", "Describe the target of a symbolic link"}};
};

template <> struct meta<catalog50::git_status_args> {
  static constexpr std::string_view defaulted[] = {"include_untracked"};
  static constexpr field_description field_descriptions[] = {
      {"repo_path", "Path of the repository"}, {"include_untracked", "List untracked files too"}};
};
template <> struct meta<catalog50::git_diff_args> {
  static constexpr std::string_view defaulted[] = {"staged", "context_lines"};
  static constexpr field_description field_descriptions[] = {
      {"repo_path", "Path of the repository"},
      {"base", "Commit, branch or tag to compare from; default: HEAD"},
      {"target", "Commit, branch or tag to compare to; default: the working tree"},
      {"paths", "Limit the diff to these paths"},
      {"staged", "Diff the index instead of the working tree"},
      {"context_lines", "Lines of context in the unified diff"}};
};
template <> struct meta<catalog50::git_author> {
  static constexpr field_description field_descriptions[] = {{"name", "Author name"}, {"email", "Author email"}};
};
template <> struct meta<catalog50::git_commit_args> {
  static constexpr std::string_view defaulted[] = {"all", "amend"};
  static constexpr field_description field_descriptions[] = {
      {"repo_path", "Path of the repository"},
      {"message", "Commit message"},
      {"files", "Files to stage before committing"},
      {"all", "Stage all modified tracked files"},
      {"amend", "Amend the last commit"},
      {"author", "Override the configured author"}};
};
template <> struct meta<catalog50::git_log_args> {
  static constexpr std::string_view defaulted[] = {"max_count", "oneline"};
  static constexpr field_description field_descriptions[] = {
      {"repo_path", "Path of the repository"},
      {"max_count", "Number of commits to show"},
      {"since", "Only commits after this date, e.g. 2024-01-31 or '2 weeks ago'"},
      {"author", "Only commits whose author matches"},
      {"path", "Only commits touching this path"},
      {"oneline", "One line per commit"}};
};
template <> struct meta<catalog50::branch_action> {
  static constexpr toon::enumerator<catalog50::branch_action> enumerators[] = {
      {catalog50::branch_action::list, "list"},
      {catalog50::branch_action::create, "create"},
      {catalog50::branch_action::delete_branch, "delete"},
      {catalog50::branch_action::rename, "rename"}};
};
template <> struct meta<catalog50::git_branch_args> {
  static constexpr std::string_view defaulted[] = {"action"};
  static constexpr field_description field_descriptions[] = {
      {"repo_path", "Path of the repository"},
      {"action", "What to do"},
      {"name", "Branch name (create, delete, rename)"},
      {"new_name", "New name (rename)"},
      {"start_point", "Commit to start the new branch at (create)"}};
};
template <> struct meta<catalog50::git_checkout_args> {
  static constexpr std::string_view defaulted[] = {"create"};
  static constexpr field_description field_descriptions[] = {
      {"repo_path", "Path of the repository"}, {"ref", "Branch, tag or commit"}, {"create", "Create the branch first"}};
};
template <> struct meta<catalog50::git_push_args> {
  static constexpr std::string_view defaulted[] = {"remote", "force_with_lease", "set_upstream"};
  static constexpr field_description field_descriptions[] = {
      {"repo_path", "Path of the repository"},
      {"remote", "Remote name"},
      {"branch", "Branch to push; default: the current branch"},
      {"force_with_lease", "Force, unless the remote changed since the last fetch"},
      {"set_upstream", "Set the remote branch as upstream"}};
};

template <> struct meta<catalog50::http_request_args> {
  static constexpr std::string_view defaulted[] = {"method", "timeout_ms", "follow_redirects"};
  static constexpr field_description field_descriptions[] = {
      {"url", "Absolute http or https URL"},
      {"method", "HTTP method"},
      {"headers", "Request headers"},
      {"body", "Request body"},
      {"timeout_ms", "Timeout in milliseconds"},
      {"follow_redirects", "Follow 3xx redirects"}};
};
template <> struct meta<catalog50::fetch_url_args> {
  static constexpr std::string_view defaulted[] = {"format", "max_length", "start_index"};
  static constexpr field_description field_descriptions[] = {
      {"url", "URL of the page"},
      {"format", "Convert the page to this format"},
      {"max_length", "Maximum number of characters returned"},
      {"start_index", "Start at this character, to read long pages in parts"}};
};
template <> struct meta<catalog50::web_search_args> {
  static constexpr std::string_view defaulted[] = {"count", "safesearch"};
  static constexpr field_description field_descriptions[] = {
      {"query", "Search query"},
      {"count", "Number of results (max 20)"},
      {"country", "Two-letter country code for local results"},
      {"freshness", "Only results from the past day, week, month or year (pd, pw, pm, py)"},
      {"safesearch", "Filter adult content"}};
};
template <> struct meta<catalog50::download_file_args> {
  static constexpr field_description field_descriptions[] = {
      {"url", "URL of the file"},
      {"destination", "Path to save the file to"},
      {"sha256", "Expected SHA-256 checksum, hex"}};
};

template <> struct meta<catalog50::sql_query_args> {
  static constexpr std::string_view defaulted[] = {"max_rows", "read_only"};
  static constexpr field_description field_descriptions[] = {
      {"database", "Name of the configured database connection"},
      {"sql", "SQL statement; use ? placeholders for parameters"},
      {"params", "Values bound to the placeholders, in order"},
      {"max_rows", "Maximum number of rows returned"},
      {"read_only", "Run in a read-only transaction"}};
};
template <> struct meta<catalog50::list_tables_args> {
  static constexpr toon::renamed rename[] = {{"schema_name", "schema"}};
  static constexpr field_description field_descriptions[] = {
      {"database", "Name of the configured database connection"},
      {"schema_name", "Database schema; default: the search path"},
      {"pattern", "SQL LIKE pattern for table names"}};
};
template <> struct meta<catalog50::describe_table_args> {
  static constexpr std::string_view defaulted[] = {"include_indexes"};
  static constexpr field_description field_descriptions[] = {
      {"database", "Name of the configured database connection"},
      {"table", "Table name, optionally schema-qualified"},
      {"include_indexes", "List the table's indexes too"}};
};
template <> struct meta<catalog50::insert_rows_args> {
  static constexpr std::string_view defaulted[] = {"upsert"};
  static constexpr field_description field_descriptions[] = {
      {"database", "Name of the configured database connection"},
      {"table", "Table to insert into"},
      {"rows", "Rows as column-to-value objects"},
      {"upsert", "Update rows whose primary key exists"}};
};
template <> struct meta<catalog50::export_query_args> {
  static constexpr std::string_view defaulted[] = {"format"};
  static constexpr field_description field_descriptions[] = {
      {"database", "Name of the configured database connection"},
      {"sql", "SELECT statement"},
      {"format", "File format"},
      {"destination", "Path of the output file"}};
};

template <> struct meta<catalog50::create_issue_args> {
  static constexpr std::string_view defaulted[] = {"prio"};
  static constexpr toon::renamed rename[] = {{"prio", "priority"}};
  static constexpr field_description field_descriptions[] = {
      {"repo", "Repository as owner/name"},
      {"title", "Issue title"},
      {"body", "Issue body, Markdown"},
      {"labels", "Label names"},
      {"assignees", "Usernames to assign"},
      {"milestone", "Milestone number"},
      {"prio", "Priority"}};
};
template <> struct meta<catalog50::update_issue_args> {
  static constexpr field_description field_descriptions[] = {
      {"repo", "Repository as owner/name"},
      {"number", "Issue number"},
      {"title", "New title"},
      {"body", "New body, Markdown"},
      {"state", "New state"},
      {"labels", "Replace the labels"},
      {"assignees", "Replace the assignees"}};
};
template <> struct meta<catalog50::search_issues_args> {
  static constexpr std::string_view defaulted[] = {"state", "sort", "order"};
  static constexpr field_description field_descriptions[] = {
      {"query", "Search terms"},
      {"repo", "Only this repository, as owner/name"},
      {"state", "Issue state"},
      {"labels", "Only issues with all these labels"},
      {"sort", "Sort field"},
      {"order", "Sort direction"},
      {"page", "Pagination"}};
};
template <> struct meta<catalog50::get_issue_args> {
  static constexpr std::string_view defaulted[] = {"include_comments"};
  static constexpr field_description field_descriptions[] = {
      {"repo", "Repository as owner/name"}, {"number", "Issue number"}, {"include_comments", "Include the comments"}};
};
template <> struct meta<catalog50::add_comment_args> {
  static constexpr field_description field_descriptions[] = {
      {"repo", "Repository as owner/name"}, {"number", "Issue or pull request number"}, {"body", "Comment, Markdown"}};
};
template <> struct meta<catalog50::list_pull_requests_args> {
  static constexpr std::string_view defaulted[] = {"state"};
  static constexpr field_description field_descriptions[] = {
      {"repo", "Repository as owner/name"},
      {"state", "Pull request state"},
      {"base", "Only pull requests into this branch"},
      {"head", "Only pull requests from this branch, as user:branch"},
      {"page", "Pagination"}};
};
template <> struct meta<catalog50::create_pull_request_args> {
  static constexpr std::string_view defaulted[] = {"draft"};
  static constexpr field_description field_descriptions[] = {
      {"repo", "Repository as owner/name"},
      {"title", "Pull request title"},
      {"head", "Branch with the changes"},
      {"base", "Branch to merge into"},
      {"body", "Description, Markdown"},
      {"draft", "Open as a draft"},
      {"reviewers", "Usernames to request reviews from"}};
};
template <> struct meta<catalog50::merge_pull_request_args> {
  static constexpr std::string_view defaulted[] = {"method", "delete_branch"};
  static constexpr field_description field_descriptions[] = {
      {"repo", "Repository as owner/name"},
      {"number", "Pull request number"},
      {"method", "Merge method"},
      {"commit_title", "Title of the merge commit"},
      {"delete_branch", "Delete the head branch after merging"}};
};

template <> struct meta<catalog50::list_events_args> {
  static constexpr std::string_view defaulted[] = {"calendar_id", "max_results"};
  static constexpr field_description field_descriptions[] = {
      {"calendar_id", "Calendar identifier"},
      {"range", "Time window"},
      {"max_results", "Maximum number of events"},
      {"query", "Free-text filter on summary, description and location"}};
};
template <> struct meta<catalog50::attendee> {
  static constexpr std::string_view defaulted[] = {"optional"};
  static constexpr field_description field_descriptions[] = {{"email", "Attendee email"}, {"optional", "Attendance is optional"}};
};
template <> struct meta<catalog50::reminder> {
  static constexpr std::string_view defaulted[] = {"via", "minutes_before"};
  static constexpr field_description field_descriptions[] = {{"via", "Reminder method"}, {"minutes_before", "Minutes before the start"}};
};
template <> struct meta<catalog50::create_event_args> {
  static constexpr std::string_view defaulted[] = {"calendar_id"};
  static constexpr field_description field_descriptions[] = {
      {"calendar_id", "Calendar identifier"},
      {"summary", "Event title"},
      {"start", "Start, ISO 8601 date-time"},
      {"end", "End, ISO 8601 date-time"},
      {"location", "Location or meeting link"},
      {"description", "Event description"},
      {"attendees", "People to invite"},
      {"reminders", "Reminders; default: the calendar's"},
      {"time_zone", "IANA time zone, e.g. Europe/Berlin"}};
};
template <> struct meta<catalog50::find_free_time_args> {
  static constexpr std::string_view defaulted[] = {"duration_minutes"};
  static constexpr field_description field_descriptions[] = {
      {"attendees", "Emails of the people who must attend"},
      {"range", "Time window to search"},
      {"duration_minutes", "Length of the meeting"},
      {"working_hours_start", "Earliest start time of day, HH:MM"},
      {"working_hours_end", "Latest end time of day, HH:MM"}};
};
template <> struct meta<catalog50::email_attachment> {
  static constexpr std::string_view defaulted[] = {"mime_type"};
  static constexpr field_description field_descriptions[] = {
      {"filename", "File name shown to the recipient"},
      {"content_base64", "File content, base64"},
      {"mime_type", "MIME type"}};
};
template <> struct meta<catalog50::send_email_args> {
  static constexpr std::string_view defaulted[] = {"html"};
  static constexpr field_description field_descriptions[] = {
      {"to", "Recipient addresses"},
      {"cc", "Carbon-copy addresses"},
      {"bcc", "Blind carbon-copy addresses"},
      {"subject", "Subject line"},
      {"body", "Message body"},
      {"html", "The body is HTML"},
      {"attachments", "Files to attach"}};
};
template <> struct meta<catalog50::search_email_args> {
  static constexpr std::string_view defaulted[] = {"unread_only", "max_results"};
  static constexpr field_description field_descriptions[] = {
      {"query", "Search query, e.g. from:alice subject:report"},
      {"folder", "Folder or label; default: all mail"},
      {"unread_only", "Only unread messages"},
      {"max_results", "Maximum number of messages"},
      {"received", "Only messages received in this window"}};
};
template <> struct meta<catalog50::read_email_args> {
  static constexpr std::string_view defaulted[] = {"include_attachments", "format"};
  static constexpr field_description field_descriptions[] = {
      {"message_id", "Message identifier from search_email"},
      {"include_attachments", "Include attachment contents, base64"},
      {"format", "Body format"}};
};
template <> struct meta<catalog50::draft_reply_args> {
  static constexpr std::string_view defaulted[] = {"reply_all"};
  static constexpr field_description field_descriptions[] = {
      {"message_id", "Message to reply to"}, {"body", "Reply text"}, {"reply_all", "Reply to all recipients"}};
};

template <> struct meta<catalog50::run_command_args> {
  static constexpr std::string_view defaulted[] = {"timeout_seconds"};
  static constexpr toon::renamed rename[] = {{"stdin_text", "stdin"}};
  static constexpr field_description field_descriptions[] = {
      {"command", "Executable to run"},
      {"args", "Arguments, passed without a shell"},
      {"cwd", "Working directory"},
      {"env", "Extra environment variables"},
      {"timeout_seconds", "Kill the command after this many seconds"},
      {"stdin_text", "Text written to standard input"}};
};
template <> struct meta<catalog50::list_processes_args> {
  static constexpr std::string_view defaulted[] = {"limit"};
  static constexpr field_description field_descriptions[] = {
      {"name_filter", "Only processes whose name contains this text"},
      {"user", "Only processes of this user"},
      {"limit", "Maximum number of processes, by CPU use"}};
};
template <> struct meta<catalog50::kill_process_args> {
  static constexpr std::string_view defaulted[] = {"signal"};
  static constexpr field_description field_descriptions[] = {{"pid", "Process id"}, {"signal", "Signal to send"}};
};
template <> struct meta<catalog50::get_env_args> {
  static constexpr field_description field_descriptions[] = {{"names", "Variable names; sensitive ones are masked"}};
};

template <> struct meta<catalog50::post_message_args> {
  static constexpr std::string_view defaulted[] = {"unfurl_links"};
  static constexpr field_description field_descriptions[] = {
      {"channel", "Channel name or id"},
      {"text", "Message text, mrkdwn"},
      {"thread_ts", "Timestamp of the parent message, to reply in a thread"},
      {"unfurl_links", "Show link previews"}};
};
template <> struct meta<catalog50::list_channels_args> {
  static constexpr std::string_view defaulted[] = {"include_private", "exclude_archived", "limit"};
  static constexpr field_description field_descriptions[] = {
      {"include_private", "Include private channels the user is in"},
      {"exclude_archived", "Leave out archived channels"},
      {"limit", "Maximum number of channels"},
      {"cursor", "Cursor from a previous call, for the next page"}};
};
template <> struct meta<catalog50::search_messages_args> {
  static constexpr std::string_view defaulted[] = {"count"};
  static constexpr field_description field_descriptions[] = {
      {"query", "Search terms"},
      {"channel", "Only this channel"},
      {"range", "Only messages in this window"},
      {"count", "Number of results"}};
};

template <> struct meta<catalog50::list_pods_args> {
  static constexpr std::string_view defaulted[] = {"namespace_name"};
  static constexpr toon::renamed rename[] = {{"namespace_name", "namespace"}};
  static constexpr field_description field_descriptions[] = {
      {"namespace_name", "Kubernetes namespace"},
      {"label_selector", "Label selector, e.g. app=web"},
      {"field_selector", "Field selector, e.g. status.phase=Running"}};
};
template <> struct meta<catalog50::get_logs_args> {
  static constexpr std::string_view defaulted[] = {"namespace_name", "tail_lines", "previous"};
  static constexpr toon::renamed rename[] = {{"namespace_name", "namespace"}};
  static constexpr field_description field_descriptions[] = {
      {"pod", "Pod name"},
      {"namespace_name", "Kubernetes namespace"},
      {"container", "Container; default: the pod's only container"},
      {"tail_lines", "Number of lines from the end"},
      {"since_seconds", "Only lines from the last N seconds"},
      {"previous", "Logs of the previous, terminated container"}};
};
template <> struct meta<catalog50::scale_deployment_args> {
  static constexpr std::string_view defaulted[] = {"namespace_name"};
  static constexpr toon::renamed rename[] = {{"namespace_name", "namespace"}};
  static constexpr field_description field_descriptions[] = {
      {"deployment", "Deployment name"}, {"namespace_name", "Kubernetes namespace"}, {"replicas", "Desired replica count"}};
};
template <> struct meta<catalog50::apply_manifest_args> {
  static constexpr std::string_view defaulted[] = {"dry_run", "server_side"};
  static constexpr toon::renamed rename[] = {{"namespace_name", "namespace"}};
  static constexpr field_description field_descriptions[] = {
      {"manifest", "YAML or JSON manifest, possibly several documents"},
      {"namespace_name", "Namespace for objects that name none"},
      {"dry_run", "Validate on the server without persisting"},
      {"server_side", "Use server-side apply"}};
};

}  // namespace toon
