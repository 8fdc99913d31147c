# ERB corpus case: apache/templates/mod/php.conf.erb, with plausible variables.
class corpus_case {
  $extensions = ['extensions_a', 'extensions_b']
  notice(template('apache/mod/php.conf.erb'))
}
include corpus_case
