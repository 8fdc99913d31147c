# ERB corpus case: apache/templates/mod/pagespeed.conf.erb, with plausible variables.
class corpus_case {
  $_apache_version = '2.4.1'
  $additional_configuration = { 'first_key' => 'value_one', 'second_key' => 'value_two' }
  $additional_domains = 'additional_domains_value'
  $allow_pagespeed_console = ['allow_pagespeed_console_a', 'allow_pagespeed_console_b']
  $allow_pagespeed_message = ['allow_pagespeed_message_a', 'allow_pagespeed_message_b']
  $allow_view_stats = ['allow_view_stats_a', 'allow_view_stats_b']
  $cache_path = 'cache_path_value'
  $collect_statistics = 'collect_statistics_value'
  $css_flatten_max_bytes = 'css_flatten_max_bytes_value'
  $css_image_inline_max_bytes = 'css_image_inline_max_bytes_value'
  $css_inline_max_bytes = 'css_inline_max_bytes_value'
  $css_outline_min_bytes = 'css_outline_min_bytes_value'
  $disable_filters = ['disable_filters_a', 'disable_filters_b']
  $enable_filters = ['enable_filters_a', 'enable_filters_b']
  $file_cache_clean_interval_ms = 'file_cache_clean_interval_ms_value'
  $file_cache_size_kb = 'file_cache_size_kb_value'
  $filter_xhtml = 'filter_xhtml_value'
  $forbid_filters = ['forbid_filters_a', 'forbid_filters_b']
  $image_inline_max_bytes = 'image_inline_max_bytes_value'
  $image_max_rewrites_at_once = 'image_max_rewrites_at_once_value'
  $inherit_vhost_config = 'inherit_vhost_config_value'
  $inode_limit = 'inode_limit_value'
  $js_inline_max_bytes = 'js_inline_max_bytes_value'
  $js_outline_min_bytes = 'js_outline_min_bytes_value'
  $log_dir = 'log_dir_value'
  $lru_cache_byte_limit = 'lru_cache_byte_limit_value'
  $lru_cache_per_process = 'lru_cache_per_process_value'
  $memcache_servers = ['memcache_servers_a', 'memcache_servers_b']
  $message_buffer_size = 'message_buffer_size_value'
  $num_expensive_rewrite_threads = 'num_expensive_rewrite_threads_value'
  $num_rewrite_threads = 'num_rewrite_threads_value'
  $rewrite_deadline_per_flush_ms = 'rewrite_deadline_per_flush_ms_value'
  $rewrite_level = 'rewrite_level_value'
  $statistics_logging = 'statistics_logging_value'
  notice(template('apache/mod/pagespeed.conf.erb'))
}
include corpus_case
