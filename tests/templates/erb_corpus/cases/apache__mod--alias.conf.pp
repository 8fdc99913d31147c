# ERB corpus case: apache/templates/mod/alias.conf.erb, with plausible variables.
class corpus_case {
  $_apache_version = '2.4.1'
  $icons_options = 'icons_options_value'
  $icons_path = 'icons_path_value'
  notice(template('apache/mod/alias.conf.erb'))
}
include corpus_case
