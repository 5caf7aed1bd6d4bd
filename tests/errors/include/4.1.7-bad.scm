; included by 4.1.7-include-error-location.scm
(undefined-in-included-file)
