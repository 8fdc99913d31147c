# ERB corpus case: dns/templates/key.erb, with plausible variables.
class corpus_case {
  $algorithm = 'algorithm_value'
  $secret = 'secret_value'
  notice(template('dns/key.erb'))
}
include corpus_case
