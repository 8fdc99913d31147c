# ERB corpus case: apache/templates/vhost/_header.erb, with plausible variables.
class corpus_case {
  $headers = ['headers_a', 'headers_b']
  notice(template('apache/vhost/_header.erb'))
}
include corpus_case
