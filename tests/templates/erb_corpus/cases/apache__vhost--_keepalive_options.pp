# ERB corpus case: apache/templates/vhost/_keepalive_options.erb, with plausible variables.
class corpus_case {
  $keepalive = 'keepalive_value'
  $keepalive_timeout = 'keepalive_timeout_value'
  $max_keepalive_requests = 'max_keepalive_requests_value'
  notice(template('apache/vhost/_keepalive_options.erb'))
}
include corpus_case
