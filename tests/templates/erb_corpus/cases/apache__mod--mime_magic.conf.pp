# ERB corpus case: apache/templates/mod/mime_magic.conf.erb, with plausible variables.
class corpus_case {
  $_magic_file = '_magic_file_value'
  notice(template('apache/mod/mime_magic.conf.erb'))
}
include corpus_case
