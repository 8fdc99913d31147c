# ERB corpus case: apache/templates/vhost/_charsets.erb, with plausible variables.
class corpus_case {
  $add_default_charset = 'add_default_charset_value'
  notice(template('apache/vhost/_charsets.erb'))
}
include corpus_case
