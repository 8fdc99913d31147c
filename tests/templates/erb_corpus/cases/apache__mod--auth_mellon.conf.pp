# ERB corpus case: apache/templates/mod/auth_mellon.conf.erb, with plausible variables.
class corpus_case {
  $mellon_cache_entry_size = 'mellon_cache_entry_size_value'
  $mellon_cache_size = 'mellon_cache_size_value'
  $mellon_lock_file = 'mellon_lock_file_value'
  $mellon_post_count = 'mellon_post_count_value'
  $mellon_post_directory = 'mellon_post_directory_value'
  $mellon_post_size = 'mellon_post_size_value'
  $mellon_post_ttl = 'mellon_post_ttl_value'
  notice(template('apache/mod/auth_mellon.conf.erb'))
}
include corpus_case
