class outer { class inner { notice('inner') } }
include outer::inner
