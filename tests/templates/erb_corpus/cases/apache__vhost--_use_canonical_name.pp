# ERB corpus case: apache/templates/vhost/_use_canonical_name.erb, with plausible variables.
class corpus_case {
  $use_canonical_name = 'use_canonical_name_value'
  notice(template('apache/vhost/_use_canonical_name.erb'))
}
include corpus_case
