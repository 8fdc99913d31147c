# ERB corpus case: apache/templates/vhost/_custom_fragment.erb, with plausible variables.
class corpus_case {
  $custom_fragment = 'custom_fragment_value'
  notice(template('apache/vhost/_custom_fragment.erb'))
}
include corpus_case
