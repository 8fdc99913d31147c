# ERB corpus case: apache/templates/vhost/_http_protocol_options.erb, with plausible variables.
class corpus_case {
  $http_protocol_options = 'http_protocol_options_value'
  notice(template('apache/vhost/_http_protocol_options.erb'))
}
include corpus_case
