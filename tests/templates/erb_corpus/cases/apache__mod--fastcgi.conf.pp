# ERB corpus case: apache/templates/mod/fastcgi.conf.erb, with plausible variables.
class corpus_case {
  $fastcgi_lib_path = 'fastcgi_lib_path_value'
  notice(template('apache/mod/fastcgi.conf.erb'))
}
include corpus_case
