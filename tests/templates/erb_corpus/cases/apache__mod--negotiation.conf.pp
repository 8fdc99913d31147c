# ERB corpus case: apache/templates/mod/negotiation.conf.erb, with plausible variables.
class corpus_case {
  $force_language_priority = ['force_language_priority_a', 'force_language_priority_b']
  $language_priority = ['language_priority_a', 'language_priority_b']
  notice(template('apache/mod/negotiation.conf.erb'))
}
include corpus_case
