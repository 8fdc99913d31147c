# ERB corpus case: apache/templates/mod/autoindex.conf.erb, with plausible variables.
class corpus_case {
  $icon_suffix = 'icon_suffix_value'
  notice(template('apache/mod/autoindex.conf.erb'))
}
include corpus_case
