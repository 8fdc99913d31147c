# ERB corpus case: apache/templates/vhost/_proxy.erb, with plausible variables.
class corpus_case {
  $no_proxy_uris = ['no_proxy_uris_a', 'no_proxy_uris_b']
  $no_proxy_uris_match = ['no_proxy_uris_match_a', 'no_proxy_uris_match_b']
  $proxy_add_headers = 'proxy_add_headers_value'
  $proxy_dest = 'proxy_dest_value'
  $proxy_dest_match = 'proxy_dest_match_value'
  $proxy_dest_reverse_match = 'proxy_dest_reverse_match_value'
  $proxy_error_override = 'proxy_error_override_value'
  $proxy_pass = 'proxy_pass_value'
  $proxy_pass_match = 'proxy_pass_match_value'
  $proxy_preserve_host = 'proxy_preserve_host_value'
  $proxy_requests = 'proxy_requests_value'
  notice(template('apache/vhost/_proxy.erb'))
}
include corpus_case
