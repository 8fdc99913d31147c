# ERB corpus case: apache/templates/mod/http2.conf.erb, with plausible variables.
class corpus_case {
  $_apache_version = '2.4.1'
  $h2_copy_files = 'h2_copy_files_value'
  $h2_direct = 'h2_direct_value'
  $h2_early_hints = 'h2_early_hints_value'
  $h2_max_session_streams = 'h2_max_session_streams_value'
  $h2_max_worker_idle_seconds = 'h2_max_worker_idle_seconds_value'
  $h2_max_workers = 'h2_max_workers_value'
  $h2_min_workers = 'h2_min_workers_value'
  $h2_modern_tls_only = 'h2_modern_tls_only_value'
  $h2_push = 'h2_push_value'
  $h2_push_diary_size = 'h2_push_diary_size_value'
  $h2_push_priority = ['h2_push_priority_a', 'h2_push_priority_b']
  $h2_push_resource = ['h2_push_resource_a', 'h2_push_resource_b']
  $h2_serialize_headers = 'h2_serialize_headers_value'
  $h2_stream_max_mem_size = 'h2_stream_max_mem_size_value'
  $h2_tls_cool_down_secs = 'h2_tls_cool_down_secs_value'
  $h2_tls_warm_up_size = 'h2_tls_warm_up_size_value'
  $h2_upgrade = 'h2_upgrade_value'
  $h2_window_size = 'h2_window_size_value'
  notice(template('apache/mod/http2.conf.erb'))
}
include corpus_case
