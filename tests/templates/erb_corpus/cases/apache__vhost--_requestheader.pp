# ERB corpus case: apache/templates/vhost/_requestheader.erb, with plausible variables.
class corpus_case {
  $request_headers = ['request_headers_a', 'request_headers_b']
  notice(template('apache/vhost/_requestheader.erb'))
}
include corpus_case
