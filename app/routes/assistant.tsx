import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import type { ShouldRevalidateFunction } from "@remix-run/react";
import { Form, useActionData, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { AssistantConversation } from "~/app/components/assistant/conversation";
import { conversationAction, isChatData, NO_CHAT, reloadsAssistantData } from "~/app/lib/assistant/conversation";
import { ASSISTANT_TITLE } from "~/server/assistant/answers";
import { assistantAction, assistantPage } from "~/server/handlers/assistant/assistant-page";

// Handler: server/handlers/assistant/assistant-page.ts (the car in context, the answers, the hand-over lead).
export const loader = (args: LoaderFunctionArgs) => assistantPage(args);
export const action = (args: ActionFunctionArgs) => assistantAction(args);

/** The conversation lives in the action's answers; reloading the data would only count another opening (54). */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formAction, nextUrl, defaultShouldRevalidate }) =>
  reloadsAssistantData(formAction, nextUrl) ? defaultShouldRevalidate : false;

export const meta: MetaFunction = () => [{ title: ASSISTANT_TITLE }];

export default function AssistantRoute() {
  const view = useLoaderData<typeof loader>();
  const actionData: unknown = useActionData<typeof action>();
  const navigation = useNavigation();
  // Both forms post inside the conversation, keeping the car in context (?vehicle=).
  const postTo = conversationAction(useLocation().search);
  return (
    <div className="mx-auto max-w-2xl space-y-6">
      <h1 className="text-2xl font-bold sm:text-3xl">{ASSISTANT_TITLE}</h1>
      <AssistantConversation
        view={view}
        chat={isChatData(actionData) ? actionData : NO_CHAT}
        action={postTo}
        MessageForm={Form}
        sending={navigation.state === "submitting" && navigation.formData?.get("intent") === "send"}
      />
    </div>
  );
}
