# ERB corpus case: apache/templates/mod/disk_cache.conf.erb, with plausible variables.
class corpus_case {
  $_cache_root = '_cache_root_value'
  $cache_ignore_headers = 'cache_ignore_headers_value'
  notice(template('apache/mod/disk_cache.conf.erb'))
}
include corpus_case
