# ERB corpus case: apache/templates/vhost/_filters.erb, with plausible variables.
class corpus_case {
  $filters = ['filters_a', 'filters_b']
  notice(template('apache/vhost/_filters.erb'))
}
include corpus_case
