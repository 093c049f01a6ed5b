import { useState } from 'react';
import { useForm, type DefaultValues, type FieldValues, type Path } from 'react-hook-form';
import { valibotResolver } from '@hookform/resolvers/valibot';
import type * as v from 'valibot';
import { isApiError } from '../api';
import { applyFieldErrors } from '../validation';

/**
 * react-hook-form with the shared valibot schema; a failed call puts the API's field errors on
 * the fields and anything else in `formError`, so nothing the user typed is lost.
 */
export function useApiForm<T extends FieldValues>(schema: v.GenericSchema<T>, defaultValues: DefaultValues<T>) {
  // Validate on submit, then as the user corrects: errors appearing on blur shift the layout under the pointer.
  const form = useForm<T>({ resolver: valibotResolver(schema), defaultValues, mode: 'onSubmit', reValidateMode: 'onChange' });
  const [formError, setFormError] = useState<unknown>(null);

  const submitWith = (action: (values: T) => Promise<void>) =>
    form.handleSubmit(async (values) => {
      setFormError(null);
      try {
        await action(values);
      } catch (error) {
        const fieldNames = Object.keys(defaultValues ?? {}) as Path<T>[];
        const onFields = isApiError(error) && applyFieldErrors(error.fields, form.setError as never, fieldNames);
        if (!onFields) setFormError(error);
      }
    });

  return { form, formError, setFormError, submitWith };
}
